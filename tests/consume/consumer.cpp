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
  std::puts(json->c_str());
  return 0;
}
