// JSON Schema from the model: the seed 000 model (three nested structs) in both of its views, snake_case as
// declared and camelCase, each schema written by prism's own writer from the types' descriptions. Hand the schemas
// to API clients; a validator then checks documents the way prism's reader does.
#include <prism/prism.hpp>

#include <cstdio>
#include <string>

#include "models/seed000.hpp"

struct camel : prism::view {
  static constexpr auto naming = prism::camel_case;
  static constexpr std::string_view name = "https://example.com/schemas/seed000-camel";  // becomes the $id
};

int main() {
  using model = ns::model::C;
  std::string snake, camel_case;
  // Into any sink: here a string. The options are those the service reads and writes with.
  if (!prism::json::write_schema<model>(snake, prism::default_view{}, {.indent = 2})) return 1;
  auto strict = prism::json::schema<model>(camel{}, {.reject_unknown_fields = true, .indent = 2});
  if (!strict) return 1;
  std::printf("snake_case, as declared:\n%s\n\ncamelCase, unknown keys refused:\n%s\n", snake.c_str(), strict->c_str());
}
