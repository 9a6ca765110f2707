// prism and the benchmark's trees: unique_ptr and shared_ptr/weak_ptr need nothing; the polymorphic tree is
// described and its subtypes registered. Apart from prism.hpp because the executable-size programs have no trees.
#pragma once

#include <prism/prism.hpp>

#include "../bin_models.hpp"
#include "prism.hpp"

namespace binmodel {
constexpr auto prism_describe(prism::type_t<pnode>) {
  return prism::fields(prism::field("value", &pnode::value), prism::field("left", &pnode::left),
                       prism::field("right", &pnode::right));
}
template <int L>
constexpr auto prism_describe(prism::type_t<pnode_at<L>>) {
  return prism::fields(prism::field("value", &pnode_at<L>::value), prism::field("left", &pnode_at<L>::left),
                       prism::field("right", &pnode_at<L>::right), prism::field("extra", &pnode_at<L>::extra));
}
constexpr auto prism_subtypes(prism::type_t<pnode>) {
  return prism::subtypes(prism::subtype<pnode_at<0>>("p0"), prism::subtype<pnode_at<1>>("p1"),
                         prism::subtype<pnode_at<2>>("p2"), prism::subtype<pnode_at<3>>("p3"),
                         prism::subtype<pnode_at<4>>("p4"), prism::subtype<pnode_at<5>>("p5"),
                         prism::subtype<pnode_at<6>>("p6"), prism::subtype<pnode_at<7>>("p7"),
                         prism::subtype<pnode_at<8>>("p8"));
}
}  // namespace binmodel
