// expect: JSON object keys must be strings, integers or enums
#include <map>
#include <prism/prism.hpp>

int main() {
  std::map<double, int> m{{1.5, 1}};
  return prism::json::to_string(m).has_value() ? 0 : 1;
}
