// expect: prism: this type holds std::string_view or const char\* text, which would point into a temporary
// errors: 1
#include <prism/prism.hpp>

#include <string>
#include <string_view>
#include <vector>

struct rec {
  int id;
  const char* name;
};

std::string make_string() { return R"([{"id": 1, "name": "a"}])"; }

int main() { return prism::json::read<std::vector<rec>>(make_string()).has_value() ? 0 : 1; }
