// prism: std::optional as kind::optional.
#pragma once

#include <optional>

#include "../core/kind.hpp"

namespace prism {

template <class T>
struct adapter<std::optional<T>> {
  static constexpr prism::kind category = prism::kind::optional;
  using value_type = T;
  static const T* get(const std::optional<T>& o) noexcept { return o ? &*o : nullptr; }
};

}  // namespace prism
