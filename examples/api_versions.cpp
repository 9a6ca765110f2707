// API versioning with views: the caller, not the model, picks the serializer. v1 is snake_case with numeric
// roles; v2 is camelCase with role names and a computed fullName; neither ever shows the password hash. The model
// and its two views are in api_versions.hpp.
#include <prism/prism.hpp>

#include <cstdio>
#include <string>
#include <string_view>

#include "api_versions.hpp"

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
