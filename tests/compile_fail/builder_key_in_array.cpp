// expect: prism: a key inside an array: an array's elements are value\(v\), object\(f\), array\(f\)
#include <prism/prism.hpp>

#include <string>

// An array builder has no put(key, value): its elements have no keys.
int main() {
  std::string out;
  (void)prism::json::build_array(out, [](auto& a) { a.put("k", 1); });
}
