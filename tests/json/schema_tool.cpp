// The C++ side of the schema test (schema_check.py): for each model and view of the repository (and the contract
// model, which has every kind), prints the schema prism writes, and reads documents as that view reads them, one
// per line, answering each with what prism writes back or the error it reports.
//   schema_tool list             the cases, one a line
//   schema_tool schema CASE      the schema
//   schema_tool read CASE        for each line of stdin, {"ok":true,"out":<written>} or {"ok":false,"path":...}
#include <prism/prism.hpp>

#include <cstdio>
#include <functional>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "contract_model.hpp"
#include "examples/api_versions.hpp"
#include "examples/service/blog.hpp"
#include "models/canada.hpp"
#include "models/json_performance.hpp"
#include "models/jsonsink.hpp"
#include "models/seed000.hpp"
#include "models/twitter.hpp"

namespace {

struct camel : prism::view {
  static constexpr auto naming = prism::camel_case;
};

struct test_case {
  std::string name;
  std::function<std::string()> schema;
  std::function<std::string(std::string_view)> read;
};

/// A case for T in View, written and read with the options the schema follows.
template <class T, class View>
test_case make_case(std::string name, prism::json::schema_options so = {}) {
  const prism::json::read_options ro{.reject_unknown_fields = so.reject_unknown_fields,
                                     .enums_as_numbers = so.enums_as_numbers};
  const prism::json::write_options wo{.nonfinite_as_null = so.nonfinite_as_null,
                                      .enums_as_numbers = so.enums_as_numbers,
                                      .skip_null_fields = so.skip_null_fields};
  return {std::move(name), [so] { return prism::json::schema<T>(View{}, so).value(); },
          [ro, wo](std::string_view line) {
            std::string answer;
            auto value = prism::json::read<T>(line, View{}, ro);
            std::string written;
            auto w = value ? prism::json::write(*value, written, View{}, wo) : prism::result<std::size_t>(value.error());
            (void)prism::json::build_object(answer, [&](auto& o) {
              o.put("ok", bool(w));
              if (w) {
                o.put("out", prism::json::raw_view(written));
              } else {
                o.put("path", w.error().path).put("code", prism::describe(w.error().code));
                o.put("message", w.error().message()).put("read", bool(value));
              }
            });
            return answer;
          }};
}

std::vector<test_case> cases() {
  std::vector<test_case> c;
  c.push_back(make_case<contract::everything, prism::default_view>("contract"));
  c.push_back(make_case<contract::everything, contract::api>("contract.api", {.reject_unknown_fields = true}));
  c.push_back(make_case<contract::everything, prism::default_view>(
      "contract.options", {.reject_unknown_fields = true, .enums_as_numbers = true, .skip_null_fields = true}));
  c.push_back(make_case<ns::model::C, prism::default_view>("seed000"));
  c.push_back(make_case<ns::model::C, camel>("seed000.camel", {.reject_unknown_fields = true}));
  c.push_back(make_case<blog::post, blog::v1>("blog.post.v1"));
  c.push_back(make_case<blog::post, blog::v2>("blog.post.v2", {.reject_unknown_fields = true}));
  c.push_back(make_case<blog::page_meta, blog::v2>("blog.page_meta.v2"));
  c.push_back(make_case<app::User, app::v1>("users.v1"));
  c.push_back(make_case<app::User, app::v2>("users.v2", {.reject_unknown_fields = true}));
  c.push_back(make_case<twitter::search_response, prism::default_view>("twitter"));
  c.push_back(make_case<canada::feature_collection, prism::default_view>("canada"));
  c.push_back(make_case<json_performance::obj_t, prism::default_view>("json_performance"));
  c.push_back(make_case<std::vector<jsonsink::sample>, prism::default_view>("jsonsink"));
  return c;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<test_case> all = cases();
  const std::string_view command = argc > 1 ? argv[1] : "";
  if (command == "list" && argc == 2) {
    for (const test_case& t : all) std::cout << t.name << '\n';
    return 0;
  }
  for (const test_case& t : all) {
    if (argc != 3 || t.name != argv[2]) continue;
    if (command == "schema") {
      std::cout << t.schema() << '\n';
      return 0;
    }
    if (command == "read") {
      for (std::string line; std::getline(std::cin, line);) std::cout << t.read(line) << '\n';
      return 0;
    }
  }
  std::fprintf(stderr, "usage: schema_tool list | schema CASE | read CASE\n");
  return 2;
}
