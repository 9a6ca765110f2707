// Boost.Serialization's binary archive (no header) over std::string streams; integers taught by a serialize
// function (the containers by Boost's own headers; the trees: boost_trees.hpp).
#pragma once

#include <boost/archive/binary_iarchive.hpp>
#include <boost/archive/binary_oarchive.hpp>
#include <boost/serialization/map.hpp>
#include <boost/serialization/vector.hpp>

#include "../bin_models.hpp"
#include "stream.hpp"

namespace boost::serialization {
template <class Ar>
void serialize(Ar& ar, binmodel::integers& x, unsigned) {
  ar & x.a & x.b & x.c & x.d & x.e & x.f & x.g & x.h & x.i & x.j;
}
}  // namespace boost::serialization

namespace binglue {
namespace {

struct boost_lib
    : stream_lib<boost::archive::binary_oarchive, boost::archive::binary_iarchive, boost::archive::no_header> {
  static constexpr const char* name = "boost";
};

}  // namespace
}  // namespace binglue
