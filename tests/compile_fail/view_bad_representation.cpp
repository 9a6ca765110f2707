// expect: a representation that applies to the type
#include <prism/prism.hpp>

struct v1 : prism::view {};
constexpr auto prism_view(prism::type_t<std::string>, v1) { return prism::enum_number; }

int main() { return prism::json::to_string(std::string("x"), v1{}).has_value() ? 0 : 1; }
