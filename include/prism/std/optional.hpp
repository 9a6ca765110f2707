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
  static void reset(std::optional<T>& o) noexcept { o.reset(); }
  /// The held value, default-constructed first when there is none (readers fill it in place).
  static T& ensure(std::optional<T>& o) { return o ? *o : o.emplace(); }
};

}  // namespace prism
