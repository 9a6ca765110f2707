// expect: breaking_change<prism::compat::format::binary, prism::compat::rule::integer_range, (prism::compat::)?fixed_path<3>."id".>
#include <cstdint>
#include <prism/prism.hpp>

namespace v1 {
struct order {
  std::int64_t id = 0;
};
}  // namespace v1
namespace v2 {
struct order {
  std::int32_t id = 0;  // narrowed: new builds may fail on old documents
};
}  // namespace v2

// The one error names the format, the rule and the field (clang adds that the static_assert is then not constant).
static_assert(prism::compat::backward<v1::order, v2::order>());

int main() {}
