// expect: a view's prism::changes names a field this record does not have
#include <prism/prism.hpp>

struct user {
  int id;
  std::string name;
};
struct v1 : prism::view {};
constexpr auto prism_view(prism::type_t<user>, v1) { return prism::changes(prism::omit("nmae")); }

int main() { return prism::json::to_string(user{}, v1{}).has_value() ? 0 : 1; }
