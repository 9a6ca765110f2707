// Quick start: an aggregate needs no description; write it as JSON.
#include <prism/prism.hpp>

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

struct employee {
  int id;
  std::string name;
  std::vector<std::string> tags;
  std::optional<int> manager;
};

int main() {
  employee e{7, "Ada", {"admin", "ops"}, std::nullopt};

  // Errors are values: check, or call .value() to throw prism::error_exception instead.
  prism::result<std::string> json = prism::json::to_string(e);
  if (!json) {
    std::fprintf(stderr, "%s\n", json.error().message().c_str());
    return 1;
  }
  std::printf("%s\n", json->c_str());

  // Pretty, and appending to a buffer you keep.
  std::string out;
  prism::json::write(e, out, {.indent = 2}).value();
  std::printf("%s\n", out.c_str());
}
