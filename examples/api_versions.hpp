// The model of examples/api_versions.cpp: a User and its two API versions, views that state only how each differs
// from User's own shape (the JSON Schema test, tests/json/schema_check.py, checks them too).
#pragma once

#include <prism/prism.hpp>

#include <cstdint>
#include <string>
#include <string_view>

namespace app {

enum class role { guest, member, admin };

struct User {
  std::uint64_t id = 0;
  std::string first_name;
  std::string last_name;
  std::string password_hash;
  role user_role = role::guest;
};

struct v1 : prism::view {
  static constexpr auto naming = prism::snake_case;
  static constexpr std::string_view name = "1";
};
struct v2 : prism::view {
  static constexpr auto naming = prism::camel_case;
  static constexpr std::string_view name = "2";
};

// Each view states only how it differs from User's own shape.
constexpr auto prism_view(prism::type_t<User>, v1) {
  return prism::changes(prism::omit("password_hash"), prism::represent("user_role", prism::enum_number));
}
constexpr auto prism_view(prism::type_t<User>, v2) {
  return prism::changes(prism::omit("password_hash"),
                        prism::computed<User>("full_name", [](const User& u) { return u.first_name + " " + u.last_name; }));
}

using api = prism::one_of<v1, v2>;

}  // namespace app
