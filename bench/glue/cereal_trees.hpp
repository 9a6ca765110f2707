// cereal and the benchmark's trees: serialize functions for the nodes, and the polymorphic tree's derived types
// registered. Apart from cereal.hpp because CEREAL_REGISTER_TYPE instantiates code for every archive included,
// which would count in the executable-size programs (they have no trees). Include it in one translation unit.
#pragma once

#include <cereal/types/memory.hpp>
#include <cereal/types/polymorphic.hpp>

#include "../bin_models.hpp"
#include "cereal.hpp"  // the archives, which must come before the registration

namespace binmodel {
template <class Ar>
void serialize(Ar& ar, unode& n) {
  ar(n.value, n.left, n.right);
}
template <class Ar>
void serialize(Ar& ar, snode& n) {
  ar(n.value, n.left, n.right, n.parent);
}
template <class Ar>
void serialize(Ar& ar, pnode& n) {
  ar(n.value, n.left, n.right);
}
template <class Ar, int L>
void serialize(Ar& ar, pnode_at<L>& n) {
  ar(cereal::base_class<pnode>(&n), n.extra);
}
}  // namespace binmodel

#define PRISM_BENCH_CEREAL_TYPE(L)            \
  CEREAL_REGISTER_TYPE(binmodel::pnode_at<L>) \
  CEREAL_REGISTER_POLYMORPHIC_RELATION(binmodel::pnode, binmodel::pnode_at<L>)
PRISM_BENCH_CEREAL_TYPE(0)
PRISM_BENCH_CEREAL_TYPE(1)
PRISM_BENCH_CEREAL_TYPE(2)
PRISM_BENCH_CEREAL_TYPE(3)
PRISM_BENCH_CEREAL_TYPE(4)
PRISM_BENCH_CEREAL_TYPE(5)
PRISM_BENCH_CEREAL_TYPE(6)
PRISM_BENCH_CEREAL_TYPE(7)
PRISM_BENCH_CEREAL_TYPE(8)
#undef PRISM_BENCH_CEREAL_TYPE
