// The binary benchmark: prism's binary format against cereal's binary archive, Boost.Serialization's binary archive,
// msgpack-cxx, Protocol Buffers, FlatBuffers and Cap'n Proto on the tests of seed paper 002 (bin_models.hpp), in one
// binary, one run. Every library writes the native structs into a buffer reused across iterations and reads into a
// fresh native object, as an application receiving messages would; for the three schema formats that includes the
// copy between the native structs and the generated types (their schemas are in schemas/, compiled at build time).
// Before anything is timed, each library's output is read back by the same library and must equal the model (as
// prism's encoding of both); the run stops otherwise. msgpack-cxx and the schema formats have no pointers, so they
// skip the trees.
//   prism_bin_bench [google benchmark flags]
// Counters: bytes/op (the size of the document), allocs/op (heap allocations per write or read), heap/op (the most
// heap bytes held at once during one write or read, beyond what was held before; see alloc_count.cpp).
#include <prism/core/detail/copy_bytes.hpp>
#include <prism/prism.hpp>

#include <benchmark/benchmark.h>

#include <boost/archive/binary_iarchive.hpp>
#include <boost/archive/binary_oarchive.hpp>
#include <boost/serialization/base_object.hpp>
#include <boost/serialization/export.hpp>
#include <boost/serialization/map.hpp>
#include <boost/serialization/shared_ptr.hpp>
#include <boost/serialization/unique_ptr.hpp>
#include <boost/serialization/vector.hpp>
#include <boost/serialization/weak_ptr.hpp>
#include <capnp/message.h>
#include <capnp/serialize.h>
#include <cereal/archives/binary.hpp>
#include <cereal/types/map.hpp>
#include <cereal/types/memory.hpp>
#include <cereal/types/polymorphic.hpp>
#include <cereal/types/vector.hpp>
#include <flatbuffers/flatbuffers.h>
#include <kj/io.h>
#include <msgpack.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <sstream>
#include <streambuf>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#include "alloc_count.hpp"
#include "bin_models.hpp"
// generated from schemas/ into the build tree
#include "bin_models.capnp.h"
#include "bin_models.pb.h"
#include "bin_models_generated.h"

// ---- prism: aggregates need nothing; the polymorphic tree is described, its subtypes registered ---------------

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

// ---- cereal ----------------------------------------------------------------------------------------------------
template <class Ar>
void serialize(Ar& ar, integers& x) {
  ar(x.a, x.b, x.c, x.d, x.e, x.f, x.g, x.h, x.i, x.j);
}
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

#define PRISM_BENCH_CEREAL_TYPE(L)                  \
  CEREAL_REGISTER_TYPE(binmodel::pnode_at<L>)       \
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

// ---- Boost.Serialization ---------------------------------------------------------------------------------------
namespace boost::serialization {
template <class Ar>
void serialize(Ar& ar, binmodel::integers& x, unsigned) {
  ar & x.a & x.b & x.c & x.d & x.e & x.f & x.g & x.h & x.i & x.j;
}
template <class Ar>
void serialize(Ar& ar, binmodel::unode& n, unsigned) {
  ar & n.value & n.left & n.right;
}
template <class Ar>
void serialize(Ar& ar, binmodel::snode& n, unsigned) {
  ar & n.value & n.left & n.right & n.parent;
}
template <class Ar>
void serialize(Ar& ar, binmodel::pnode& n, unsigned) {
  ar & n.value & n.left & n.right;
}
template <class Ar, int L>
void serialize(Ar& ar, binmodel::pnode_at<L>& n, unsigned) {
  ar & boost::serialization::base_object<binmodel::pnode>(n) & n.extra;
}
}  // namespace boost::serialization
BOOST_CLASS_EXPORT_GUID(binmodel::pnode_at<0>, "p0")
BOOST_CLASS_EXPORT_GUID(binmodel::pnode_at<1>, "p1")
BOOST_CLASS_EXPORT_GUID(binmodel::pnode_at<2>, "p2")
BOOST_CLASS_EXPORT_GUID(binmodel::pnode_at<3>, "p3")
BOOST_CLASS_EXPORT_GUID(binmodel::pnode_at<4>, "p4")
BOOST_CLASS_EXPORT_GUID(binmodel::pnode_at<5>, "p5")
BOOST_CLASS_EXPORT_GUID(binmodel::pnode_at<6>, "p6")
BOOST_CLASS_EXPORT_GUID(binmodel::pnode_at<7>, "p7")
BOOST_CLASS_EXPORT_GUID(binmodel::pnode_at<8>, "p8")

// ---- msgpack-cxx: an array of ten ------------------------------------------------------------------------------
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

namespace {

[[noreturn]] void die(const std::string& message) {
  std::fprintf(stderr, "prism_bin_bench: %s\n", message.c_str());
  std::exit(1);
}

/// A std::ostream over a std::string reused across iterations (cereal and Boost write to streams).
class string_out : public std::streambuf {
 public:
  std::string data;
  void clear() { data.clear(); }

 protected:
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    data.append(s, static_cast<std::size_t>(n));
    return n;
  }
  int_type overflow(int_type ch) override {
    if (ch != traits_type::eof()) data.push_back(static_cast<char>(ch));
    return ch;
  }
};

/// A std::istream over bytes held elsewhere, without copying them.
class bytes_in : public std::streambuf {
 public:
  explicit bytes_in(const std::string& s) {
    char* p = const_cast<char*>(s.data());
    setg(p, p, p + s.size());
  }
};

struct prism_lib {
  static constexpr const char* name = "prism";
  std::vector<std::byte> out;
  template <class T>
  const void* write(const T& v, std::size_t& size) {
    out.clear();
    if (!prism::bin::write(v, out)) die("prism: write failed");
    size = out.size();
    return out.data();
  }
  template <class T>
  T read(const std::string& bytes) {
    auto r = prism::bin::read<T>(std::string_view(bytes));
    if (!r) die("prism: " + r.error().message());
    return std::move(*r);
  }
};

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

// ---- Protocol Buffers, FlatBuffers, Cap'n Proto: the generated type that carries each model (schemas/) --------
using int32_map = std::map<std::int32_t, std::int32_t>;

template <class T>
struct schema;
template <>
struct schema<binmodel::integers> {
  using pb = binpb::IntegerClass;
  using fb = binfb::IntegerClass;
  using cp = bincp::IntegerClass;
};
template <>
struct schema<std::vector<binmodel::integers>> {
  using pb = binpb::IntegerClassList;
  using fb = binfb::IntegerClassList;
  using cp = bincp::IntegerClassList;
};
template <>
struct schema<std::vector<std::int32_t>> {
  using pb = binpb::Int32List;
  using fb = binfb::Int32List;
  using cp = bincp::Int32List;
};
template <>
struct schema<std::vector<float>> {
  using pb = binpb::FloatList;
  using fb = binfb::FloatList;
  using cp = bincp::FloatList;
};
template <>
struct schema<int32_map> {
  using pb = binpb::Int32Map;
  using fb = binfb::Int32Map;
  using cp = bincp::Int32Map;
};

template <class E>
concept scalar = std::is_arithmetic_v<E>;

// ---- Protocol Buffers: native structs copied into and out of the generated messages ---------------------------
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
    auto& m = std::get<typename schema<T>::pb>(messages);
    to_pb(v, m);
    if (!m.SerializeToString(&out)) die("protobuf: write failed");  // clears `out`, keeping its capacity
    size = out.size();
    return out.data();
  }
  template <class T>
  T read(const std::string& bytes) {
    auto& m = std::get<typename schema<T>::pb>(messages);
    if (!m.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) die("protobuf: read failed");
    T v{};
    from_pb(m, v);
    return v;
  }
};

// ---- FlatBuffers: tables built from the native structs, verified and copied out on read -----------------------
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
    using Root = typename schema<T>::fb;
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

// ---- Cap'n Proto: messages built from the native structs, read in place and copied out -----------------------
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
      to_cp(v, message.initRoot<typename schema<T>::cp>());
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
  // FlatArrayMessageReader reads words in place. add_one's std::string holds the bytes in memory from operator new
  // (16-byte aligned), so no aligned copy is needed; the check says so if that ever changes.
  template <class T>
  T read(const std::string& bytes) {
    if (reinterpret_cast<std::uintptr_t>(bytes.data()) % alignof(capnp::word) != 0) die("capnp: bytes not aligned");
    capnp::FlatArrayMessageReader reader(
        kj::arrayPtr(reinterpret_cast<const capnp::word*>(bytes.data()), bytes.size() / sizeof(capnp::word)));
    T v{};
    from_cp(reader.getRoot<typename schema<T>::cp>(), v);
    return v;
  }

 private:
  static kj::Array<capnp::word> zeroed(std::size_t words) {
    auto a = kj::heapArray<capnp::word>(words);
    std::memset(a.asBytes().begin(), 0, a.asBytes().size());
    return a;
  }
};

/// The trees are held through a pointer at the top; the other models by value.
template <class T>
std::string canonical(const T& v) {
  auto b = prism::bin::to_bytes(v).value();
  return std::string(reinterpret_cast<const char*>(b.data()), b.size());
}

template <class Lib, class T>
void bm_write(benchmark::State& st, const T* model) {
  Lib lib;
  std::size_t size = 0;
  lib.write(*model, size);
  std::size_t heap = 0;
  {
    bench::heap_window window;
    lib.write(*model, size);
    heap = window.peak();
  }
  std::size_t a0 = bench::allocations();
  for (auto _ : st) {
    const void* p = lib.write(*model, size);
    benchmark::DoNotOptimize(p);
  }
  st.counters["bytes/op"] = static_cast<double>(size);
  st.counters["heap/op"] = static_cast<double>(heap);
  st.counters["allocs/op"] = static_cast<double>(bench::allocations() - a0) / static_cast<double>(st.iterations());
}

template <class Lib, class T>
void bm_read(benchmark::State& st, const std::string* bytes) {
  Lib lib;
  lib.template read<T>(*bytes);  // as for write: what a library keeps across reads (protobuf's message) starts warm
  std::size_t heap = 0;
  {
    bench::heap_window window;
    T v = lib.template read<T>(*bytes);
    benchmark::DoNotOptimize(v);
    heap = window.peak();
  }
  std::size_t a0 = bench::allocations();
  for (auto _ : st) {
    T v = lib.template read<T>(*bytes);
    benchmark::DoNotOptimize(v);
  }
  st.counters["bytes/op"] = static_cast<double>(bytes->size());
  st.counters["heap/op"] = static_cast<double>(heap);
  st.counters["allocs/op"] = static_cast<double>(bench::allocations() - a0) / static_cast<double>(st.iterations());
}

/// Copies 256 KiB from a page-aligned buffer to one `distance` bytes past a page boundary.
template <bool Prism>
void bm_copy(benchmark::State& st, std::size_t distance) {
  constexpr std::size_t size = 256 * 1024, page = 4096;
  std::vector<char> from(size + page), to(size + 2 * page);
  auto aligned = [&](std::vector<char>& v) { return v.data() + (page - reinterpret_cast<std::uintptr_t>(v.data()) % page) % page; };
  const char* src = aligned(from);
  char* dst = aligned(to) + distance;
  for (auto _ : st) {
    if constexpr (Prism) prism::detail::copy_bytes(dst, src, size);
    else std::memcpy(dst, src, size);
    benchmark::ClobberMemory();
  }
  st.counters["bytes/op"] = static_cast<double>(size);
  st.counters["allocs/op"] = 0;
}

/// Registers write and read of `model` for one library, after checking that the library reads back what it wrote.
template <class Lib, class T>
void add_one(const std::string& workload, const T& model) {
  Lib lib;
  std::size_t size = 0;
  const void* p = lib.write(model, size);
  auto* bytes = new std::string(static_cast<const char*>(p), size);  // lives as long as the benchmarks
  T back = lib.template read<T>(*bytes);
  if (canonical(back) != canonical(model)) die(workload + ": " + Lib::name + " does not read back what it wrote");
  benchmark::RegisterBenchmark(("write/" + workload + "/" + Lib::name).c_str(), bm_write<Lib, T>, &model);
  benchmark::RegisterBenchmark(("read/" + workload + "/" + Lib::name).c_str(), bm_read<Lib, T>, bytes);
}

/// The libraries measured on a kind of workload.
template <class... Libs>
struct libs {};
using all_libs = libs<prism_lib, cereal_lib, boost_lib, msgpack_lib, protobuf_lib, flatbuffers_lib, capnp_lib>;
using pointer_libs = libs<prism_lib, cereal_lib, boost_lib>;  // the trees: shared, weak and polymorphic pointers

template <class... Libs, class T>
void add(libs<Libs...>, const std::string& workload, const T& model) {
  (add_one<Libs>(workload, model), ...);
}

template <class T>
const T& keep(T v) {
  return *new T(std::move(v));  // models live as long as the benchmarks
}

}  // namespace

int main(int argc, char** argv) {
  bench::check_allocation_counter();
  benchmark::Initialize(&argc, argv);
  std::mt19937 rng(2026);
  using namespace binmodel;
  add(all_libs{}, "integers_uniform", keep(make_integers(rng, false)));
  add(all_libs{}, "integers_small", keep(make_integers(rng, true)));
  for (std::size_t n : {8u, 512u, 4096u}) {
    std::vector<integers> v;
    for (std::size_t k = 0; k < n; ++k) v.push_back(make_integers(rng, true));
    add(all_libs{}, "vector_integers_" + std::to_string(n), keep(std::move(v)));
  }
  for (std::size_t n : {8u, 512u, 8192u}) {
    std::vector<std::int32_t> ints;
    std::vector<float> floats;
    std::map<std::int32_t, std::int32_t> map;
    std::uniform_int_distribution<std::int32_t> any(INT32_MIN, INT32_MAX);
    for (std::size_t k = 0; k < n; ++k) {
      ints.push_back(any(rng));
      floats.push_back(static_cast<float>(any(rng)) / 7.0f);
      map.emplace(any(rng), any(rng));
    }
    add(all_libs{}, "vector_int32_" + std::to_string(n), keep(std::move(ints)));
    add(all_libs{}, "vector_float_" + std::to_string(n), keep(std::move(floats)));
    add(all_libs{}, "map_int32_" + std::to_string(n), keep(std::move(map)));
  }
  {
    // Large arrays (256 KiB): the model and a reused output buffer both come from mmap at the same page offset, so
    // the array's bytes land a few header bytes past their source modulo 4 KiB, where memcpy is slowest (the copy
    // rows below; include/prism/core/detail/copy_bytes.hpp).
    std::vector<std::int32_t> ints(65536);
    std::vector<float> floats(65536);
    std::uniform_int_distribution<std::int32_t> any(INT32_MIN, INT32_MAX);
    for (std::size_t k = 0; k < ints.size(); ++k) {
      ints[k] = any(rng);
      floats[k] = static_cast<float>(any(rng)) / 7.0f;
    }
    add(all_libs{}, "vector_int32_65536", keep(std::move(ints)));
    add(all_libs{}, "vector_float_65536", keep(std::move(floats)));
  }
  // The two ways to keep bulk payloads off memcpy's slow path, measured: copy them another way (prism's copy_bytes,
  // at the distance an unaligned payload gives), or align payloads in the format (distance 0, but only when both
  // buffers happen to share a page offset: the format cannot control where either lies).
  for (std::size_t distance : {5u, 0u, 100u}) {
    std::string name = "256KiB_distance_" + std::to_string(distance);
    benchmark::RegisterBenchmark(("copy/" + name + "/memcpy").c_str(), bm_copy<false>, distance);
    benchmark::RegisterBenchmark(("copy/" + name + "/prism").c_str(), bm_copy<true>, distance);
  }
  std::int32_t next = 0;
  add(pointer_libs{}, "tree_unique", keep(make_unique_tree(tree_depth, next)));
  next = 0;
  add(pointer_libs{}, "tree_shared_weak", keep(make_shared_tree(tree_depth, next, nullptr)));
  next = 0;
  add(pointer_libs{}, "tree_polymorphic", keep(make_poly_tree(next)));
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
}
