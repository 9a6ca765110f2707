// prism: naming policies, applied at compile time to the declared names of fields.
//
// A name is first split into words, then the words are joined in the policy's style:
//   - '_' and '-' separate words and are dropped ("id_" is one word, "id");
//   - a capital after a lower-case letter or a digit starts a word ("userName": user|Name);
//   - in a run of capitals, the last one starts a word when a lower-case letter follows it, so acronyms stay
//     whole ("HTTPVersion": HTTP|Version, "URL": URL);
//   - digits belong to the word before them ("userID2": user|ID2, "utf8Text": utf8|Text, "v2api": v2api);
//   - bytes of non-ASCII characters are letters without case: they never start a word on their own.
// So "HTTPVersion" becomes http_version, httpVersion, HttpVersion, http-version, HTTP_VERSION, and "userID2"
// becomes user_id2, userId2, UserId2, user-id2, USER_ID2. Acronyms are not kept capitalized in camelCase
// ("userId", not "userID"): a view that wants "userID" renames that field.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace prism {

/// How a view spells field names.
enum class naming_policy : std::uint8_t {
  as_declared,          ///< the name as described or declared, unchanged
  snake_case,           ///< http_version
  camel_case,           ///< httpVersion
  pascal_case,          ///< HttpVersion
  kebab_case,           ///< http-version
  screaming_snake_case  ///< HTTP_VERSION
};

inline constexpr naming_policy as_declared = naming_policy::as_declared;
inline constexpr naming_policy snake_case = naming_policy::snake_case;
inline constexpr naming_policy camel_case = naming_policy::camel_case;
inline constexpr naming_policy pascal_case = naming_policy::pascal_case;
inline constexpr naming_policy kebab_case = naming_policy::kebab_case;
inline constexpr naming_policy screaming_snake_case = naming_policy::screaming_snake_case;

namespace detail {
constexpr bool is_upper(char c) noexcept { return c >= 'A' && c <= 'Z'; }
constexpr bool is_lower(char c) noexcept { return (c >= 'a' && c <= 'z') || static_cast<unsigned char>(c) >= 0x80; }
constexpr bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }
constexpr char to_upper(char c) noexcept { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 32) : c; }
constexpr char to_lower(char c) noexcept { return is_upper(c) ? static_cast<char>(c + 32) : c; }
}  // namespace detail

/// Writes `name` spelled by `policy` into `out` (when not null) and returns its length; call it with a null
/// `out` first to size the buffer. A name with no letters or digits at all is kept as it is.
constexpr std::size_t apply_naming(std::string_view name, naming_policy policy, char* out) noexcept {
  std::size_t n = 0;
  auto put = [&](char c) {
    if (out) out[n] = c;
    ++n;
  };
  if (policy == naming_policy::as_declared) {
    for (char c : name) put(c);
    return n;
  }
  std::size_t word = 0;  // words begun so far
  std::size_t at = 0;    // characters in the current word
  for (std::size_t i = 0; i < name.size(); ++i) {
    char c = name[i];
    if (c == '_' || c == '-') {
      at = 0;
      continue;
    }
    char before = i > 0 ? name[i - 1] : '_';
    bool next_lower = i + 1 < name.size() && detail::is_lower(name[i + 1]);
    if (at > 0 && detail::is_upper(c) &&
        (detail::is_lower(before) || detail::is_digit(before) || (detail::is_upper(before) && next_lower)))
      at = 0;
    if (at == 0) {
      if (word > 0) {
        if (policy == naming_policy::snake_case || policy == naming_policy::screaming_snake_case) put('_');
        else if (policy == naming_policy::kebab_case) put('-');
      }
      ++word;
    }
    bool upper = policy == naming_policy::screaming_snake_case ||
                 (at == 0 && (policy == naming_policy::pascal_case || (policy == naming_policy::camel_case && word > 1)));
    put(upper ? detail::to_upper(c) : detail::to_lower(c));
    ++at;
  }
  if (n == 0) {  // "_" or "__": nothing to spell, keep it
    for (char c : name) put(c);
  }
  return n;
}

}  // namespace prism
