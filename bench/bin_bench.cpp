// The binary benchmark: prism's binary format against cereal's binary archive, Boost.Serialization's binary archive
// and msgpack-cxx on the tests of seed paper 002 (bin_models.hpp), in one binary, one run. Every library writes into
// a buffer reused across iterations and reads into a fresh object, as an application receiving messages would.
// Before anything is timed, each library's output is read back by the same library and must equal the model (as
// prism's encoding of both); the run stops otherwise. msgpack-cxx has no pointers, so it skips the trees.
//   prism_bin_bench [google benchmark flags]
// Counters: bytes/op (the size of the document), allocs/op (heap allocations per write or read, see alloc_count.cpp).
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
#include <cereal/archives/binary.hpp>
#include <cereal/types/map.hpp>
#include <cereal/types/memory.hpp>
#include <cereal/types/polymorphic.hpp>
#include <cereal/types/vector.hpp>
#include <msgpack.hpp>

#include <cstdio>
#include <cstdlib>
#include <random>
#include <sstream>
#include <streambuf>
#include <string>
#include <utility>

#include "alloc_count.hpp"
#include "bin_models.hpp"

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
  std::size_t a0 = bench::allocations();
  for (auto _ : st) {
    const void* p = lib.write(*model, size);
    benchmark::DoNotOptimize(p);
  }
  st.counters["bytes/op"] = static_cast<double>(size);
  st.counters["allocs/op"] = static_cast<double>(bench::allocations() - a0) / static_cast<double>(st.iterations());
}

template <class Lib, class T>
void bm_read(benchmark::State& st, const std::string* bytes) {
  Lib lib;
  std::size_t a0 = bench::allocations();
  for (auto _ : st) {
    T v = lib.template read<T>(*bytes);
    benchmark::DoNotOptimize(v);
  }
  st.counters["bytes/op"] = static_cast<double>(bytes->size());
  st.counters["allocs/op"] = static_cast<double>(bench::allocations() - a0) / static_cast<double>(st.iterations());
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

template <bool WithMsgpack = true, class T>
void add(const std::string& workload, const T& model) {
  add_one<prism_lib>(workload, model);
  add_one<cereal_lib>(workload, model);
  add_one<boost_lib>(workload, model);
  if constexpr (WithMsgpack) add_one<msgpack_lib>(workload, model);
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
  add("integers_uniform", keep(make_integers(rng, false)));
  add("integers_small", keep(make_integers(rng, true)));
  for (std::size_t n : {8u, 512u, 4096u}) {
    std::vector<integers> v;
    for (std::size_t k = 0; k < n; ++k) v.push_back(make_integers(rng, true));
    add("vector_integers_" + std::to_string(n), keep(std::move(v)));
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
    add("vector_int32_" + std::to_string(n), keep(std::move(ints)));
    add("vector_float_" + std::to_string(n), keep(std::move(floats)));
    add("map_int32_" + std::to_string(n), keep(std::move(map)));
  }
  std::int32_t next = 0;
  add<false>("tree_unique", keep(make_unique_tree(tree_depth, next)));  // msgpack-cxx has no pointers
  next = 0;
  add<false>("tree_shared_weak", keep(make_shared_tree(tree_depth, next, nullptr)));
  next = 0;
  add<false>("tree_polymorphic", keep(make_poly_tree(next)));
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
}
