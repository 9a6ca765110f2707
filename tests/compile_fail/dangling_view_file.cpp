// expect: prism: this type holds std::string_view or const char\* text, which would point into the stream's buffer
// errors: 1
#include <prism/prism.hpp>

#include <cstdio>
#include <string_view>

struct rec {
  int id;
  std::string_view name;  // would point into the stream's 64 KiB window, freed when read returns
};

int main() { return prism::json::read<rec>(stdin).has_value() ? 0 : 1; }
