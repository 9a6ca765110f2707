// expect: prism: this type holds std::string_view text, which the binary reader points into the input
// errors: 1
#include <prism/prism.hpp>

#include <cstdio>
#include <string_view>
#include <vector>

struct rec {
  int id;
  std::vector<std::string_view> tags;
};

int main() { return prism::bin::read<rec>(stdin).has_value() ? 0 : 1; }
