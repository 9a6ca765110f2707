// expect: prism: this type holds std::string_view or const char\* text, which would point into the stream's buffer
// errors: 1
#include <prism/prism.hpp>

#include <sstream>
#include <string_view>

struct rec {
  int id;
  std::string_view name;
};

int main() {
  std::istringstream in(R"({"id": 1, "name": "a"})");
  return prism::json::read<rec>(in).has_value() ? 0 : 1;
}
