// Seed post 000 with prism: one model, written snake_case or camelCase, picked at run time.
//   ./views snake    ./views camel
#include <prism/prism.hpp>

#include <cstdio>
#include <string>
#include <vector>

namespace ns::model {
struct A {
  int int_value;
  float float_value;
  std::string string_value;
};
struct B {
  A a_value;
};
struct C {
  std::vector<B> b_values;
};
}  // namespace ns::model

// The whole alternative serialization: one line. The default view is the model as declared (snake_case).
struct camel : prism::view {
  static constexpr auto naming = prism::camel_case;
};

int main(int argc, char** argv) {
  if (argc != 2) {
    std::puts("Usage: ./views <case>");
    return 1;
  }
  const bool snake_case{argv[1] == std::string{"snake"}};
  ns::model::C c;
  for (int i = 10; i < 12; i++) c.b_values.push_back(ns::model::B{ns::model::A{i, static_cast<float>(i), std::to_string(i)}});

  using json_view = prism::one_of<prism::default_view, camel>;  // the run-time choice, dispatched once per call
  json_view view = snake_case ? json_view(prism::default_view{}) : json_view(camel{});
  std::string out = prism::json::to_string(c, view, {.indent = 2}).value();
  std::puts(out.c_str());

  // and back: the same view reads what it wrote
  auto back = prism::json::read<ns::model::C>(out, view).value();
  return back.b_values.size() == 2 && back.b_values[1].a_value.string_value == "11" ? 0 : 1;
}
