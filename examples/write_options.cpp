// Write options: pretty printing, ASCII-only output, NaN handling, invalid UTF-8, enums as numbers.
#include <prism/prism.hpp>

#include <cmath>
#include <cstdio>
#include <string>

enum class alert_level { info, warning, error };

struct reading {
  std::string station;
  alert_level level;
  double value;
  std::optional<double> previous;
};

int main() {
  reading r{"Zürich", alert_level::warning, std::nan(""), std::nullopt};

  // Strict by default: NaN has no JSON spelling, so this is an error naming the field.
  auto strict = prism::json::to_string(r);
  std::printf("strict: %s\n", strict ? strict->c_str() : strict.error().message().c_str());

  prism::json::write_options relaxed{.indent = 2, .nonfinite_as_null = true};
  std::printf("relaxed:\n%s\n", prism::json::to_string(r, relaxed).value().c_str());

  prism::json::write_options ascii{.escape_non_ascii = true, .nonfinite_as_null = true, .enums_as_numbers = true,
                                   .skip_null_fields = true};
  std::printf("ascii: %s\n", prism::json::to_string(r, ascii).value().c_str());

  std::string broken = "bad \xFF byte";
  auto rejected = prism::json::to_string(broken);
  std::printf("invalid UTF-8: %s\n", rejected ? "accepted?" : rejected.error().message().c_str());
  std::printf("replaced: %s\n", prism::json::to_string(broken, {.replace_invalid_utf8 = true}).value().c_str());
}
