// expect: prism: this type holds std::string_view text, which the binary reader points into the input
// errors: 1
#include <prism/prism.hpp>

#include <cstddef>
#include <string_view>
#include <vector>

struct rec {
  int id;
  std::string_view name;
};

std::vector<std::byte> load() { return prism::bin::to_bytes(rec{1, "a"}).value(); }

int main() { return prism::bin::read<rec>(load()).has_value() ? 0 : 1; }
