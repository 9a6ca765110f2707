// cereal's binary archive over std::string streams; integers taught by a serialize function (the containers by
// cereal's own headers).
#pragma once

#include <cereal/archives/binary.hpp>
#include <cereal/types/map.hpp>
#include <cereal/types/vector.hpp>

#include <istream>
#include <ostream>
#include <string>

#include "../bin_models.hpp"
#include "glue.hpp"

namespace binmodel {
template <class Ar>
void serialize(Ar& ar, integers& x) {
  ar(x.a, x.b, x.c, x.d, x.e, x.f, x.g, x.h, x.i, x.j);
}
}  // namespace binmodel

namespace binglue {

struct cereal_lib {
  static constexpr const char* name = "cereal";
  string_out buf;
  template <class T>
  const void* write(const T& v, std::size_t& size) {
    buf.clear();
    std::ostream os(&buf);
    {
      cereal::BinaryOutputArchive ar(os);
      ar(v);
    }
    size = buf.data.size();
    return buf.data.data();
  }
  template <class T>
  T read(const std::string& bytes) {
    bytes_in in_buf(bytes);
    std::istream is(&in_buf);
    T v{};
    cereal::BinaryInputArchive ar(is);
    ar(v);
    return v;
  }
};

}  // namespace binglue
