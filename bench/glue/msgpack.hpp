// msgpack-cxx: integers as an array of ten, taught by an adaptor (the containers by msgpack-cxx's own). Built with
// MSGPACK_NO_BOOST: msgpack-cxx 4 would pull in Boost for its optional adaptors, and plain C++ is enough here.
#pragma once

#include <msgpack.hpp>

#include <cstddef>
#include <cstdint>
#include <string>

#include "../bin_models.hpp"
#include "glue.hpp"

namespace msgpack {
MSGPACK_API_VERSION_NAMESPACE(MSGPACK_DEFAULT_API_NS) {
  namespace adaptor {
  template <>
  struct pack<binmodel::integers> {
    template <class Stream>
    packer<Stream>& operator()(packer<Stream>& o, const binmodel::integers& v) const {
      o.pack_array(10);
      for (std::int32_t x : {v.a, v.b, v.c, v.d, v.e, v.f, v.g, v.h, v.i, v.j}) o.pack(x);
      return o;
    }
  };
  template <>
  struct convert<binmodel::integers> {
    const msgpack::object& operator()(const msgpack::object& o, binmodel::integers& v) const {
      if (o.type != msgpack::type::ARRAY || o.via.array.size != 10) throw msgpack::type_error();
      std::int32_t* fields[] = {&v.a, &v.b, &v.c, &v.d, &v.e, &v.f, &v.g, &v.h, &v.i, &v.j};
      for (std::size_t k = 0; k < 10; ++k) *fields[k] = o.via.array.ptr[k].as<std::int32_t>();
      return o;
    }
  };
  }  // namespace adaptor
}
}  // namespace msgpack

namespace binglue {
namespace {

struct msgpack_lib {
  static constexpr const char* name = "msgpack";
  msgpack::sbuffer buf;
  template <class T>
  const void* write(const T& v, std::size_t& size) {
    buf.clear();
    msgpack::pack(buf, v);
    size = buf.size();
    return buf.data();
  }
  template <class T>
  T read(const std::string& bytes) {
    msgpack::object_handle oh = msgpack::unpack(bytes.data(), bytes.size());
    return oh.get().as<T>();
  }
};

}  // namespace
}  // namespace binglue
