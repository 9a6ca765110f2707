// expect: two fields of this record have the same name in this view
#include <prism/prism.hpp>

struct user {
  int user_id;
  int userId;
};
struct camel : prism::view {
  static constexpr auto naming = prism::camel_case;
};

int main() { return prism::json::to_string(user{}, camel{}).has_value() ? 0 : 1; }
