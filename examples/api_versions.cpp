// API versioning with views: the caller, not the model, picks the serializer. v1 is snake_case with numeric
// roles; v2 is camelCase with role names and a computed fullName; neither ever shows the password hash.
#include <prism/prism.hpp>

#include <cstdio>
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

int main() {
  app::User ada{7, "Ada", "Lovelace", "$argon2id$v=19$...", app::role::admin};
  int failures = 0;
  for (std::string_view header : {"1", "2"}) {  // e.g. an Accept-Version header
    app::api version = app::api::named(header).value();
    std::string json = prism::json::to_string(ada, version).value();
    std::printf("v%s: %s\n", std::string(header).c_str(), json.c_str());

    app::User back = prism::json::read<app::User>(json, version, {.reject_unknown_fields = true}).value();
    bool same = back.id == ada.id && back.first_name == ada.first_name && back.last_name == ada.last_name &&
                back.user_role == ada.user_role && back.password_hash.empty();
    std::printf("v%s read back: %s\n", std::string(header).c_str(), same ? "same user, no password hash" : "DIFFERENT");
    failures += !same;
  }
  return failures;
}
