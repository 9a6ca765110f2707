// expect: prism::when_null applies to optionals, pointers and C strings only
#include <prism/prism.hpp>

struct user {
  int id;
};
struct v1 : prism::view {};
constexpr auto prism_view(prism::type_t<user>, v1) { return prism::changes(prism::omit("id", prism::when_null)); }

int main() { return prism::json::to_string(user{}, v1{}).has_value() ? 0 : 1; }
