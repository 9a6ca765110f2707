// prism: std::pair and std::tuple as kind::tuple.
#pragma once

#include <tuple>
#include <utility>

#include "../core/kind.hpp"

namespace prism {

template <class A, class B>
struct adapter<std::pair<A, B>> {
  static constexpr prism::kind category = prism::kind::tuple;
};

template <class... T>
struct adapter<std::tuple<T...>> {
  static constexpr prism::kind category = prism::kind::tuple;
};

}  // namespace prism
