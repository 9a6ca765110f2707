// prism: JSON text carried through a typed model unparsed: a part of the model whose shape the service does not own
// (a webhook payload stored and forwarded as received, a `metadata` object, a settings blob).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "../core/kind.hpp"

namespace prism::json {

/// A value's JSON text as it was read: checked to be one valid JSON value, not parsed into anything, and written back
/// verbatim (checked again in debug builds, or by write_options::validate_raw). It holds its text. A raw with no text
/// is written as null. In the binary format it travels as a string holding the text.
///   struct event { std::string type; prism::json::raw payload; };  // payload: any JSON, byte for byte
struct raw {
  std::string text;
  bool operator==(const raw&) const = default;
};

/// raw, viewing the text it was read from rather than holding it: that text must outlive it, as for a
/// std::string_view field (reading one from a stream or a temporary string is a compile error without a
/// prism::string_pool, which then holds the text).
struct raw_view {
  std::string_view text;
  constexpr raw_view() = default;
  constexpr explicit raw_view(std::string_view t) noexcept : text(t) {}
  constexpr raw_view(const char* p, std::size_t n) noexcept : text(p, n) {}
  bool operator==(const raw_view&) const = default;
};

}  // namespace prism::json

namespace prism {

template <>
struct adapter<json::raw> {
  static constexpr kind category = kind::string;  // text to every format; JSON writes and reads it as a value
  static constexpr bool json_text = true;
  static std::string_view view(const json::raw& r) noexcept { return r.text; }
  static bool assign(json::raw& r, std::string_view text) {
    r.text.assign(text);
    return true;
  }
};

template <>
struct adapter<json::raw_view> {
  static constexpr kind category = kind::string;
  static constexpr bool json_text = true;
  static constexpr bool views_text = true;  ///< reading points it at text that must outlive it (docs/reading.md)
  static std::string_view view(const json::raw_view& r) noexcept { return r.text; }
};

namespace detail {
/// Whether T is a value's JSON text (json::raw, json::raw_view) rather than a string: JSON writes it verbatim and
/// reads the text of a whole value into it.
template <class T>
inline constexpr bool is_json_text = requires { adapter<T>::json_text; };
}  // namespace detail

}  // namespace prism
