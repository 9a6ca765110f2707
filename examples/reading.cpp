// Reading JSON into typed models: defaults for absent fields, a required field, errors that say where,
// zero-copy and interned strings, records streamed one at a time, untyped validation and reformatting, and
// telling a missing field from a null one.
#include <prism/prism.hpp>

#include <cstdio>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace app {

struct server {
  std::string host = "localhost";  // absent from the document: the default stays
  int port = 8080;
  std::optional<std::string> tls_cert;  // read<T>: absent and null both give std::nullopt (see 6)
  std::map<std::string, int> limits;
};

/// A class whose `name` must be present: marked in its description.
class service {
 public:
  const std::string& name() const { return name_; }
  const std::vector<server>& servers() const { return servers_; }

 private:
  std::string name_;
  std::vector<server> servers_;
  friend constexpr auto prism_describe(prism::type_t<service>) {
    return prism::fields(prism::field("name", &service::name_).required(), prism::field("servers", &service::servers_));
  }
};

struct log_line {
  std::string_view level;  // views: into the input, or into a string_pool
  std::string_view message;
};

}  // namespace app

int main() {
  // 1. Absent fields keep their defaults; unknown keys ("owner") are skipped.
  std::string text = R"({"name": "api", "owner": "ops", "servers": [{"port": 443, "tls_cert": "/etc/api.pem"}, {}]})";
  app::service svc = prism::json::read<app::service>(text).value();  // .value() throws on error
  for (const auto& s : svc.servers())
    std::printf("%s: %s:%d tls=%s\n", svc.name().c_str(), s.host.c_str(), s.port, s.tls_cert ? s.tls_cert->c_str() : "none");

  // 2. Errors are values that say what, where in the model, and where in the text.
  auto bad = prism::json::read<app::service>("{\"name\": \"api\",\n \"servers\": [{\"port\": \"https\"}]}");
  std::printf("error: %s\n", bad.error().message().c_str());
  auto missing = prism::json::read<app::service>(R"({"servers": []})");
  std::printf("error: %s\n", missing.error().message().c_str());
  auto strict = prism::json::read<app::service>(text, {.reject_unknown_fields = true});
  std::printf("error: %s\n", strict.error().message().c_str());

  // 3. string_view fields point into the input without copying; with a pool they are interned and outlive it.
  prism::string_pool pool;
  std::vector<app::log_line> lines;
  {
    std::string input = R"([{"level": "info", "message": "up"}, {"level": "info", "message": "tab\there"}])";
    lines = prism::json::read<std::vector<app::log_line>>(input, {.strings = &pool}).value();
  }  // the input is gone; the pool holds the text, "info" once
  std::printf("%zu lines, %zu distinct strings pooled: %.*s\n", lines.size(), pool.size(),
              static_cast<int>(lines[1].message.size()), lines[1].message.data());

  // 4. Records from a stream, one at a time (a FILE*, a file descriptor or, here, an istream).
  std::istringstream ndjson("{\"port\": 1}\n{\"port\": 2}\n{\"port\": 3}\n");
  int total = 0;
  auto n = prism::json::read_records<app::server>(ndjson, [&](app::server&& s) { total += s.port; });
  std::printf("%zu records, ports sum to %d\n", n.value(), total);

  // 5. Any JSON, no types: validate it, or reformat it (what `prism check` and `prism fmt` do, streaming).
  std::printf("valid: %s\n", prism::json::validate(R"({"a": [1, 2, {"b": null}]})") ? "yes" : "no");
  std::istringstream messy("{ \"a\" : [ 1 , 2 ] }");
  std::string tidy;
  prism::json::reformat(messy, tidy).value();
  std::printf("reformatted: %s\n", tidy.c_str());
  std::string pretty;  // text already in memory is reformatted in place, with no copy of it
  prism::json::reformat(tidy, pretty, {.indent = 2}).value();
  std::printf("pretty:\n%s\n", pretty.c_str());

  // 6. Missing or null? read<T> gives std::nullopt for both. read_into leaves an absent field as it was and empties
  //    it on null, so a target pre-filled with a value no document holds tells the three cases apart. This holds
  //    for the top-level record and records nested in it by field, not for container elements (absent: default).
  const std::string unset = "<unset>";
  for (const char* doc : {R"({"port": 443})", R"({"tls_cert": null})", R"({"tls_cert": "/etc/api.pem"})"}) {
    app::server s;
    s.tls_cert = unset;
    prism::json::read_into(doc, s).value();
    std::printf("tls_cert: %s\n", !s.tls_cert ? "null" : *s.tls_cert == unset ? "missing" : "set");
  }
}
