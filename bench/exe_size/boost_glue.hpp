// Boost.Serialization's binary archive (no header) over std::string streams; integers taught by a serialize
// function (the containers by Boost's own headers).
#pragma once

#include <boost/archive/binary_iarchive.hpp>
#include <boost/archive/binary_oarchive.hpp>
#include <boost/serialization/map.hpp>
#include <boost/serialization/vector.hpp>

#include <istream>
#include <ostream>
#include <string>

#include "../bin_models.hpp"
#include "glue.hpp"

namespace boost::serialization {
template <class Ar>
void serialize(Ar& ar, binmodel::integers& x, unsigned) {
  ar & x.a & x.b & x.c & x.d & x.e & x.f & x.g & x.h & x.i & x.j;
}
}  // namespace boost::serialization

namespace binglue {

struct boost_lib {
  static constexpr const char* name = "boost";
  string_out buf;
  template <class T>
  const void* write(const T& v, std::size_t& size) {
    buf.clear();
    std::ostream os(&buf);
    {
      boost::archive::binary_oarchive ar(os, boost::archive::no_header);
      ar << v;
    }
    size = buf.data.size();
    return buf.data.data();
  }
  template <class T>
  T read(const std::string& bytes) {
    bytes_in in_buf(bytes);
    std::istream is(&in_buf);
    T v{};
    boost::archive::binary_iarchive ar(is, boost::archive::no_header);
    ar >> v;
    return v;
  }
};

}  // namespace binglue
