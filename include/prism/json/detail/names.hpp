// prism: what the JSON writer and reader both know about names: record keys rendered at compile time, the
// tags of variant alternatives, and which values may be null.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>
#include <type_traits>

#include "../../core/kind.hpp"
#include "../../core/view.hpp"
#include "strings.hpp"

namespace prism::json::detail {

/// `"name":` for slot S of record T in View (see core/view.hpp), escaped at compile time.
template <class View, class T, std::size_t S>
struct field_key {
  static constexpr std::string_view name = view_record<View, T>::names[S];
  static constexpr bool ascii = [] {
    for (char ch : name)
      if (static_cast<unsigned char>(ch) >= 0x80) return false;
    return true;
  }();
  static constexpr std::size_t size = escaped_size(name.data(), name.size()) + 3;
  static constexpr std::array<char, size> text = [] {
    std::array<char, size> a{};
    a[0] = '"';
    char* e = escape_into(a.data() + 1, name.data(), name.size());
    e[0] = '"';
    e[1] = ':';
    return a;
  }();
};

/// The tag of a variant alternative: the type's own name for user types, a fixed word otherwise.
template <class T>
consteval std::string_view alternative_name() {
  constexpr kind k = kind_of<T>;
  if constexpr (k == kind::record || k == kind::enumeration || k == kind::surrogate) {
    return prism::detail::type_name<T>();
  } else if constexpr (k == kind::integer) {
    constexpr std::string_view s[] = {"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"};
    constexpr int bytes_log2 = sizeof(T) == 1 ? 0 : sizeof(T) == 2 ? 1 : sizeof(T) == 4 ? 2 : 3;
    return s[(std::is_signed_v<T> ? 0 : 4) + bytes_log2];
  } else if constexpr (k == kind::floating) {
    return sizeof(T) == 4 ? "float" : "double";
  } else if constexpr (k == kind::pointer || k == kind::optional) {
    return alternative_name<typename adapter<T>::value_type>();
  } else {
    constexpr std::string_view words[] = {"none",      "null",     "bool",     "int",      "float",  "char",
                                          "string",    "bytes",    "enum",     "timestamp", "duration", "optional",
                                          "pointer",   "variant",  "tuple",    "array",    "object", "record",
                                          "surrogate"};
    return words[static_cast<int>(k)];
  }
}

template <class... T>
consteval bool distinct_alternative_names() {
  std::string_view n[] = {alternative_name<T>()...};
  for (std::size_t i = 0; i < sizeof...(T); ++i)
    for (std::size_t j = i + 1; j < sizeof...(T); ++j)
      if (n[i] == n[j] && n[i] != "null") return false;
  return true;
}

using prism::detail::is_null;
using prism::detail::may_be_null;

}  // namespace prism::json::detail
