// prism: std::variant as kind::variant, std::monostate as kind::null.
#pragma once

#include <variant>

#include "../core/kind.hpp"

namespace prism {

template <class... T>
struct adapter<std::variant<T...>> {
  static constexpr prism::kind category = prism::kind::variant;
};

template <>
struct adapter<std::monostate> {
  static constexpr prism::kind category = prism::kind::null;
};

}  // namespace prism
