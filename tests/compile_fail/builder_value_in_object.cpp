// expect: prism: a value where a key belongs: an object's members are put\(key, value\)
#include <prism/prism.hpp>

#include <string>

// An object builder has no value(): its members need keys.
int main() {
  std::string out;
  (void)prism::json::build_object(out, [](auto& o) { o.value(1); });
}
