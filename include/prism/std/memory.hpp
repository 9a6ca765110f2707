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
  // Both test p first: reset's call (whose deleter may destroy a whole tree) is then made only for a pointee.
  static void reset(std::unique_ptr<T, D>& p) noexcept {
    if (p) p.reset();
  }
  /// The pointee, made with `new T()` first when p is null (readers fill it in place).
  static T& ensure(std::unique_ptr<T, D>& p) {
    if (!p) std::unique_ptr<T, D>(new T()).swap(p);  // p was null: nothing to delete
    return *p;
  }
};

template <class T>
struct adapter<std::shared_ptr<T>> {
  static constexpr prism::kind category = prism::kind::pointer;
  using value_type = T;
  static const T* get(const std::shared_ptr<T>& p) noexcept { return p.get(); }
  static void reset(std::shared_ptr<T>& p) noexcept { p.reset(); }
  /// The pointee, made with std::make_shared<T>() first when p is null (readers fill it in place).
  static T& ensure(std::shared_ptr<T>& p) {
    if (!p) p = std::make_shared<T>();
    return *p;
  }
};

}  // namespace prism
