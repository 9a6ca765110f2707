// prism: owning smart pointers as kind::pointer. Raw pointers other than C strings are not describable:
// they own nothing, so a reader could not know what to do with one.
#pragma once

#include <memory>

#include "../core/kind.hpp"

namespace prism {

template <class T, class D>
struct adapter<std::unique_ptr<T, D>> {
  static constexpr prism::kind category = prism::kind::pointer;
  using value_type = T;
  static const T* get(const std::unique_ptr<T, D>& p) noexcept { return p.get(); }
};

template <class T>
struct adapter<std::shared_ptr<T>> {
  static constexpr prism::kind category = prism::kind::pointer;
  using value_type = T;
  static const T* get(const std::shared_ptr<T>& p) noexcept { return p.get(); }
};

}  // namespace prism
