// expect: prism: this type holds std::string_view or const char\* text, which would point into a temporary json::value
// errors: 1
#include <prism/prism.hpp>

#include <string_view>

struct rec {
  int id;
  std::string_view name;
};

prism::json::value make_value() { return prism::json::read<prism::json::value>(R"({"id": 1, "name": "a"})").value(); }

int main() { return prism::json::to<rec>(make_value()).has_value() ? 0 : 1; }
