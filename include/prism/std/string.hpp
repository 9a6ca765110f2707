// prism: text types as kind::string.
#pragma once

#include <cstring>
#include <string>
#include <string_view>

#include "../core/detail/copy_bytes.hpp"
#include "../core/kind.hpp"
#include "../core/short_string.hpp"

namespace prism {

template <class Traits, class Alloc>
struct adapter<std::basic_string<char, Traits, Alloc>> {
  static constexpr prism::kind category = prism::kind::string;
  static std::string_view view(const std::basic_string<char, Traits, Alloc>& s) noexcept { return {s.data(), s.size()}; }
  static bool assign(std::basic_string<char, Traits, Alloc>& s, std::string_view text) {
    // Sized, then copied: a string read again at its old length costs a compare and the copy, where assign() goes
    // through the general replace (text never lies inside s here).
    s.resize(text.size());
    if (text.size() <= 64) prism::detail::copy_short(s.data(), text.data(), text.size());  // most strings: no call
    else std::memcpy(s.data(), text.data(), text.size());
    return true;
  }
};

template <class Traits>
struct adapter<std::basic_string_view<char, Traits>> {
  static constexpr prism::kind category = prism::kind::string;
  static std::string_view view(std::basic_string_view<char, Traits> s) noexcept { return {s.data(), s.size()}; }
  static constexpr bool views_text = true;  ///< reading points it at text that must outlive it (docs/reading.md)
};

/// A C string; a null pointer is written as null.
template <>
struct adapter<const char*> {
  static constexpr prism::kind category = prism::kind::string;
  static constexpr bool nullable = true;
  static std::string_view view(const char* s) noexcept { return s ? std::string_view(s) : std::string_view(); }
  static constexpr bool views_text = true;  ///< reading points it at pooled, NUL-terminated text
};
template <>
struct adapter<char*> {  // written only: a reader has no writable text to point it at
  static constexpr prism::kind category = prism::kind::string;
  static constexpr bool nullable = true;
  static std::string_view view(const char* s) noexcept { return adapter<const char*>::view(s); }
};

/// A char array holds text up to its first NUL (or all N bytes).
template <std::size_t N>
struct adapter<char[N]> {
  static constexpr prism::kind category = prism::kind::string;
  static std::string_view view(const char (&s)[N]) noexcept { return {s, ::strnlen(s, N)}; }
  /// Copies text of at most N bytes and NUL-fills the rest; false when it does not fit.
  static bool assign(char (&s)[N], std::string_view text) noexcept {
    if (text.size() > N) return false;
    std::memcpy(s, text.data(), text.size());
    std::memset(s + text.size(), 0, N - text.size());
    return true;
  }
};

template <std::size_t N>
struct adapter<short_string<N>> {
  static constexpr prism::kind category = prism::kind::string;
  static std::string_view view(const short_string<N>& s) noexcept { return s.view(); }
  /// False when text is longer than N bytes.
  static bool assign(short_string<N>& s, std::string_view text) noexcept {
    if (text.size() > N) return false;
    s.assign(text);
    return true;
  }
};

}  // namespace prism
