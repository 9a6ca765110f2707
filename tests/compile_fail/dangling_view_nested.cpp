// expect: prism: this type holds std::string_view or const char\* text, which would point into the stream's buffer
// errors: 1
#include <prism/prism.hpp>

#include <cstdio>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

// The view hides deep inside a recursive type: in a variant, in an optional, behind a pointer, as a map key.
struct node {
  std::vector<std::unique_ptr<node>> children;
  std::variant<int, std::optional<std::map<std::string_view, int>>> payload;
};

int main() {
  return prism::json::read_records<node>(stdin, [](node&&) { return true; }).has_value() ? 0 : 1;
}
