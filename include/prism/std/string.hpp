// prism: text types as kind::string.
#pragma once

#include <cstring>
#include <string>
#include <string_view>

#include "../core/kind.hpp"
#include "../core/short_string.hpp"

namespace prism {

template <class Traits, class Alloc>
struct adapter<std::basic_string<char, Traits, Alloc>> {
  static constexpr prism::kind category = prism::kind::string;
  static std::string_view view(const std::basic_string<char, Traits, Alloc>& s) noexcept { return {s.data(), s.size()}; }
};

template <class Traits>
struct adapter<std::basic_string_view<char, Traits>> {
  static constexpr prism::kind category = prism::kind::string;
  static std::string_view view(std::basic_string_view<char, Traits> s) noexcept { return {s.data(), s.size()}; }
};

/// A C string; a null pointer is written as null.
template <>
struct adapter<const char*> {
  static constexpr prism::kind category = prism::kind::string;
  static constexpr bool nullable = true;
  static std::string_view view(const char* s) noexcept { return s ? std::string_view(s) : std::string_view(); }
};
template <>
struct adapter<char*> : adapter<const char*> {};

/// A char array holds text up to its first NUL (or all N bytes).
template <std::size_t N>
struct adapter<char[N]> {
  static constexpr prism::kind category = prism::kind::string;
  static std::string_view view(const char (&s)[N]) noexcept { return {s, ::strnlen(s, N)}; }
};

template <std::size_t N>
struct adapter<short_string<N>> {
  static constexpr prism::kind category = prism::kind::string;
  static std::string_view view(const short_string<N>& s) noexcept { return s.view(); }
};

}  // namespace prism
