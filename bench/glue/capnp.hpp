// Cap'n Proto: messages built from the native models, read in place and copied out (the code generated from
// schemas/bin_models.capnp, bin_models.capnp.h, is in the build tree).
#pragma once

#include <capnp/message.h>
#include <capnp/serialize.h>
#include <kj/io.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "../bin_models.hpp"
#include "bin_models.capnp.h"
#include "glue.hpp"

namespace binglue {
namespace {

/// The struct that carries each model, as its message's root.
template <class T>
struct cp_struct;
template <> struct cp_struct<binmodel::integers> { using type = bincp::IntegerClass; };
template <> struct cp_struct<std::vector<binmodel::integers>> { using type = bincp::IntegerClassList; };
template <> struct cp_struct<std::vector<std::int32_t>> { using type = bincp::Int32List; };
template <> struct cp_struct<std::vector<float>> { using type = bincp::FloatList; };
template <> struct cp_struct<int32_map> { using type = bincp::Int32Map; };

void to_cp(const binmodel::integers& v, bincp::IntegerClass::Builder b) {
  b.setA(v.a); b.setB(v.b); b.setC(v.c); b.setD(v.d); b.setE(v.e);
  b.setF(v.f); b.setG(v.g); b.setH(v.h); b.setI(v.i); b.setJ(v.j);
}
void from_cp(bincp::IntegerClass::Reader r, binmodel::integers& v) {
  v = {r.getA(), r.getB(), r.getC(), r.getD(), r.getE(), r.getF(), r.getG(), r.getH(), r.getI(), r.getJ()};
}
void to_cp(const std::vector<binmodel::integers>& v, bincp::IntegerClassList::Builder b) {
  auto items = b.initItems(static_cast<unsigned>(v.size()));
  for (unsigned k = 0; k < items.size(); ++k) to_cp(v[k], items[k]);
}
void from_cp(bincp::IntegerClassList::Reader r, std::vector<binmodel::integers>& v) {
  v.reserve(r.getItems().size());
  for (auto x : r.getItems()) from_cp(x, v.emplace_back());
}
template <scalar E, class Builder>
void to_cp(const std::vector<E>& v, Builder b) {
  auto values = b.initValues(static_cast<unsigned>(v.size()));
  for (unsigned k = 0; k < values.size(); ++k) values.set(k, v[k]);
}
template <scalar E, class Reader>
void from_cp(Reader r, std::vector<E>& v) {
  v.reserve(r.getValues().size());
  for (E x : r.getValues()) v.push_back(x);
}
void to_cp(const int32_map& v, bincp::Int32Map::Builder b) {
  auto entries = b.initEntries(static_cast<unsigned>(v.size()));
  unsigned k = 0;
  for (const auto& [key, value] : v) {
    entries[k].setKey(key);
    entries[k++].setValue(value);
  }
}
void from_cp(bincp::Int32Map::Reader r, int32_map& v) {
  for (auto e : r.getEntries()) v.emplace_hint(v.end(), e.getKey(), e.getValue());  // written in key order
}

struct capnp_lib {
  static constexpr const char* name = "capnp";
  // The builder's first segment, reused across writes as capnp documents for building many messages (zeroed once;
  // the builder re-zeroes what it used), and grown to fit each model so that every message is one segment. The
  // message goes into `out`, reused: computeSerializedSizeInWords, then writeMessage into it (messageToFlatArray
  // would allocate a new array per message).
  kj::Array<capnp::word> scratch = zeroed(capnp::SUGGESTED_FIRST_SEGMENT_WORDS);
  kj::Array<capnp::word> out;
  template <class T>
  const void* write(const T& v, std::size_t& size) {
    std::size_t words = 0;
    {
      capnp::MallocMessageBuilder message(scratch);
      to_cp(v, message.initRoot<typename cp_struct<T>::type>());
      auto segments = message.getSegmentsForOutput();
      words = capnp::computeSerializedSizeInWords(segments);
      if (segments.size() == 1) {
        if (out.size() < words) out = kj::heapArray<capnp::word>(words);
        kj::ArrayOutputStream stream(out.asBytes());
        capnp::writeMessage(stream, segments);
        size = words * sizeof(capnp::word);
        return out.begin();
      }
    }
    scratch = zeroed(std::max(words, 2 * scratch.size()));  // the model did not fit: once, before timing
    return write(v, size);
  }
  // FlatArrayMessageReader reads words in place. The callers' std::string holds the bytes in memory from operator new
  // (16-byte aligned), so no aligned copy is needed; the check says so if that ever changes.
  template <class T>
  T read(const std::string& bytes) {
    if (reinterpret_cast<std::uintptr_t>(bytes.data()) % alignof(capnp::word) != 0) die("capnp: bytes not aligned");
    capnp::FlatArrayMessageReader reader(
        kj::arrayPtr(reinterpret_cast<const capnp::word*>(bytes.data()), bytes.size() / sizeof(capnp::word)));
    T v{};
    from_cp(reader.getRoot<typename cp_struct<T>::type>(), v);
    return v;
  }

 private:
  static kj::Array<capnp::word> zeroed(std::size_t words) {
    auto a = kj::heapArray<capnp::word>(words);
    std::memset(a.asBytes().begin(), 0, a.asBytes().size());
    return a;
  }
};

}  // namespace
}  // namespace binglue
