// cereal's binary archive over std::string streams; integers taught by a serialize function (the containers by
// cereal's own headers; the trees: cereal_trees.hpp).
#pragma once

#include <cereal/archives/binary.hpp>
#include <cereal/types/map.hpp>
#include <cereal/types/vector.hpp>

#include "../bin_models.hpp"
#include "stream.hpp"

namespace binmodel {
template <class Ar>
void serialize(Ar& ar, integers& x) {
  ar(x.a, x.b, x.c, x.d, x.e, x.f, x.g, x.h, x.i, x.j);
}
}  // namespace binmodel

namespace binglue {
namespace {

struct cereal_lib : stream_lib<cereal::BinaryOutputArchive, cereal::BinaryInputArchive> {
  static constexpr const char* name = "cereal";
};

}  // namespace
}  // namespace binglue
