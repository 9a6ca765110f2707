// Compatibility between two versions of a model, checked from the types: what changed, and whether each change
// breaks new builds reading old documents (backward) or old builds reading new ones (forward), in the binary format
// and in JSON through the API's view. A release script prints the report; a build can require a direction.
#include <prism/prism.hpp>

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace v1 {
enum class status { open, paid };
struct order {
  std::int64_t id = 0;
  std::string customer;
  std::vector<std::string> items;
  status state = status::open;
  std::int32_t legacy_code = 0;
};
}  // namespace v1

namespace v2 {
enum class status { open, paid, refunded };  // an enumerator added: old builds cannot read it
struct order {
  std::int64_t id = 0;
  std::string client;  // renamed in C++; the API view keeps its JSON key
  std::vector<std::string> items;
  status state = status::open;
  std::optional<std::string> note;  // added
};
// legacy_code removed: its place kept, so that note does not take its binary id (5). Left to the aggregate's own
// numbering, note would be id 5, and the check below would stop the build: breaking_change<format::binary,
// rule::id_reused, fixed_path<12>{"legacy_code"}>.
constexpr auto prism_describe(prism::type_t<order>) {
  return prism::fields(prism::field("id", &order::id), prism::field("client", &order::client),
                       prism::field("items", &order::items), prism::field("state", &order::state), prism::removed(),
                       prism::field("note", &order::note));
}
}  // namespace v2

// JSON for clients: camelCase, in both versions.
struct api : prism::view {
  static constexpr auto naming = prism::camel_case;
  static constexpr std::string_view name = "api";
};
constexpr auto prism_view(prism::type_t<v2::order>, api) { return prism::changes(prism::rename("client", "customer")); }

// New builds read every document old builds wrote, in both formats: were it not so, this line would stop the build
// with one error naming the format, the rule and the field.
static_assert(prism::compat::backward<v1::order, v2::order, api>());

int main() {
  constexpr prism::compat::report r = prism::compat::check<v1::order, v2::order, api>();
  std::printf("%s", prism::compat::to_text(r).c_str());
  std::string json;
  if (!prism::compat::write_report(json, r, {.indent = 2})) return 1;
  std::printf("%s\n", json.c_str());
}
