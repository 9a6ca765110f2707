// Protocol Buffers: the native models copied into and out of the messages generated from schemas/bin_models.proto
// (bin_models.pb.h, generated into the build tree).
#pragma once

#include <cstddef>
#include <string>
#include <tuple>
#include <vector>

#include "../bin_models.hpp"
#include "bin_models.pb.h"
#include "glue.hpp"

namespace binglue {
namespace {

/// The message that carries each model.
template <class T>
struct pb_message;
template <> struct pb_message<binmodel::integers> { using type = binpb::IntegerClass; };
template <> struct pb_message<std::vector<binmodel::integers>> { using type = binpb::IntegerClassList; };
template <> struct pb_message<std::vector<std::int32_t>> { using type = binpb::Int32List; };
template <> struct pb_message<std::vector<float>> { using type = binpb::FloatList; };
template <> struct pb_message<int32_map> { using type = binpb::Int32Map; };

void to_pb(const binmodel::integers& v, binpb::IntegerClass& m) {
  m.set_a(v.a); m.set_b(v.b); m.set_c(v.c); m.set_d(v.d); m.set_e(v.e);
  m.set_f(v.f); m.set_g(v.g); m.set_h(v.h); m.set_i(v.i); m.set_j(v.j);
}
void from_pb(const binpb::IntegerClass& m, binmodel::integers& v) {
  v = {m.a(), m.b(), m.c(), m.d(), m.e(), m.f(), m.g(), m.h(), m.i(), m.j()};
}
void to_pb(const std::vector<binmodel::integers>& v, binpb::IntegerClassList& m) {
  m.clear_items();  // cleared elements stay allocated: add_items hands them out again
  for (const auto& x : v) to_pb(x, *m.add_items());
}
void from_pb(const binpb::IntegerClassList& m, std::vector<binmodel::integers>& v) {
  v.reserve(static_cast<std::size_t>(m.items_size()));
  for (const auto& x : m.items()) from_pb(x, v.emplace_back());
}
template <scalar E, class Msg>
void to_pb(const std::vector<E>& v, Msg& m) {
  m.mutable_values()->Assign(v.begin(), v.end());
}
template <scalar E, class Msg>
void from_pb(const Msg& m, std::vector<E>& v) {
  v.assign(m.values().begin(), m.values().end());
}
void to_pb(const int32_map& v, binpb::Int32Map& m) {
  m.mutable_entries()->clear();  // frees its nodes (no arena here): the map allocates one per entry on every write
  m.mutable_entries()->insert(v.begin(), v.end());
}
void from_pb(const binpb::Int32Map& m, int32_map& v) {
  for (const auto& [key, value] : m.entries()) v.emplace(key, value);
}

struct protobuf_lib {
  static constexpr const char* name = "protobuf";
  // One message per model, reused both ways as protobuf's documentation advises (cleared messages keep their memory).
  std::tuple<binpb::IntegerClass, binpb::IntegerClassList, binpb::Int32List, binpb::FloatList, binpb::Int32Map>
      messages;
  std::string out;
  template <class T>
  const void* write(const T& v, std::size_t& size) {
    auto& m = std::get<typename pb_message<T>::type>(messages);
    to_pb(v, m);
    if (!m.SerializeToString(&out)) die("protobuf: write failed");  // clears `out`, keeping its capacity
    size = out.size();
    return out.data();
  }
  template <class T>
  T read(const std::string& bytes) {
    auto& m = std::get<typename pb_message<T>::type>(messages);
    if (!m.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) die("protobuf: read failed");
    T v{};
    from_pb(m, v);
    return v;
  }
};

}  // namespace
}  // namespace binglue
