// FlatBuffers: tables built from the native models, verified and copied out on read (the header generated from
// schemas/bin_models.fbs, bin_models_generated.h, is in the build tree).
#pragma once

#include <flatbuffers/flatbuffers.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "../bin_models.hpp"
#include "bin_models_generated.h"
#include "glue.hpp"

namespace binglue {
namespace {

/// The table that carries each model, as its buffer's root.
template <class T>
struct fb_table;
template <> struct fb_table<binmodel::integers> { using type = binfb::IntegerClass; };
template <> struct fb_table<std::vector<binmodel::integers>> { using type = binfb::IntegerClassList; };
template <> struct fb_table<std::vector<std::int32_t>> { using type = binfb::Int32List; };
template <> struct fb_table<std::vector<float>> { using type = binfb::FloatList; };
template <> struct fb_table<int32_map> { using type = binfb::Int32Map; };

void from_fb(const binfb::IntegerClass& t, binmodel::integers& v) {
  v = {t.a(), t.b(), t.c(), t.d(), t.e(), t.f(), t.g(), t.h(), t.i(), t.j()};
}
// An absent vector (never written here, but valid) reads as an empty one.
void from_fb(const binfb::IntegerClassList& t, std::vector<binmodel::integers>& v) {
  if (!t.items()) return;
  v.reserve(t.items()->size());
  for (const auto* x : *t.items()) from_fb(*x, v.emplace_back());
}
template <scalar E, class Table>
void from_fb(const Table& t, std::vector<E>& v) {
  if (t.values()) v.assign(t.values()->begin(), t.values()->end());
}
void from_fb(const binfb::Int32Map& t, int32_map& v) {
  if (!t.entries()) return;
  for (const auto* e : *t.entries()) v.emplace_hint(v.end(), e->key(), e->value());  // written in key order
}

struct flatbuffers_lib {
  static constexpr const char* name = "flatbuffers";
  flatbuffers::FlatBufferBuilder fbb;                          // Clear() keeps its buffer
  std::vector<flatbuffers::Offset<binfb::IntegerClass>> items;  // a list's tables, built before their vector
  template <class T>
  const void* write(const T& v, std::size_t& size) {
    fbb.Clear();
    fbb.Finish(build(v));
    size = fbb.GetSize();
    return fbb.GetBufferPointer();
  }
  // Each model's table is its buffer's root: VerifyBuffer<Root> is what flatc's VerifyXBuffer calls for root_type.
  template <class T>
  T read(const std::string& bytes) {
    using Root = typename fb_table<T>::type;
    const auto* data = reinterpret_cast<const std::uint8_t*>(bytes.data());
    flatbuffers::Verifier verifier(data, bytes.size());
    if (!verifier.VerifyBuffer<Root>(nullptr)) die("flatbuffers: the verifier rejects the buffer");
    T v{};
    from_fb(*flatbuffers::GetRoot<Root>(data), v);
    return v;
  }

 private:
  auto build(const binmodel::integers& v) {
    return binfb::CreateIntegerClass(fbb, v.a, v.b, v.c, v.d, v.e, v.f, v.g, v.h, v.i, v.j);
  }
  auto build(const std::vector<binmodel::integers>& v) {
    items.clear();
    for (const auto& x : v) items.push_back(build(x));
    return binfb::CreateIntegerClassList(fbb, fbb.CreateVector(items));
  }
  auto build(const std::vector<std::int32_t>& v) { return binfb::CreateInt32List(fbb, fbb.CreateVector(v)); }
  auto build(const std::vector<float>& v) { return binfb::CreateFloatList(fbb, fbb.CreateVector(v)); }
  auto build(const int32_map& v) {
    binfb::Int32Pair* out = nullptr;
    auto entries = fbb.CreateUninitializedVectorOfStructs(v.size(), &out);
    for (const auto& [key, value] : v) *out++ = binfb::Int32Pair(key, value);
    return binfb::CreateInt32Map(fbb, entries);
  }
};

}  // namespace
}  // namespace binglue
