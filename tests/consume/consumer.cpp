// A user's program: JSON written and read back, and the binary format, through the prism::prism target.
#include <prism/prism.hpp>

#include <cstdio>
#include <string>
#include <vector>

struct greeting {
  std::string text;
  std::vector<int> numbers;
};

int main() {
  auto json = prism::json::to_string(greeting{"hello", {1, 2, 3}});
  if (!json || *json != R"({"text":"hello","numbers":[1,2,3]})") return 1;
  auto back = prism::json::read<greeting>(*json);
  if (!back || back->text != "hello" || back->numbers.size() != 3) return 2;
  auto bytes = prism::bin::to_bytes(*back);
  if (!bytes) return 3;
  auto again = prism::bin::read<greeting>(*bytes);
  if (!again || again->numbers != back->numbers) return 4;
  std::puts(json->c_str());
  return 0;
}
