// prism: what the JSON writer and reader both know about names: record keys rendered at compile time, and which
// values may be null (the tags of variant alternatives, which the binary format uses too, are in core/kind.hpp).
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

using prism::detail::alternative_name;
using prism::detail::distinct_alternative_names;
using prism::detail::is_null;
using prism::detail::may_be_null;

}  // namespace prism::json::detail
