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

#include <cstdint>
#include <cstring>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "alloc_count.hpp"
#include "bin_models.hpp"
// Each library's glue, shared with the executable-size programs (exe_size/); the trees only here.
#include "glue/boost.hpp"
#include "glue/boost_trees.hpp"
#include "glue/capnp.hpp"
#include "glue/cereal.hpp"
#include "glue/cereal_trees.hpp"
#include "glue/flatbuffers.hpp"
#include "glue/msgpack.hpp"
#include "glue/prism.hpp"
#include "glue/prism_trees.hpp"
#include "glue/protobuf.hpp"

namespace {

using binglue::die;

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

/// Copies 256 KiB from a page-aligned buffer to one `distance` bytes past a page boundary: by memcpy, or (Prism) by
/// the 64-byte loop copy_bytes takes instead where the processor's memcpy is slow there (AMD's).
template <bool Prism>
void bm_copy(benchmark::State& st, std::size_t distance) {
  constexpr std::size_t size = 256 * 1024, page = 4096;
  std::vector<char> from(size + page), to(size + 2 * page);
  auto aligned = [&](std::vector<char>& v) { return v.data() + (page - reinterpret_cast<std::uintptr_t>(v.data()) % page) % page; };
  const char* src = aligned(from);
  char* dst = aligned(to) + distance;
  for (auto _ : st) {
    if constexpr (Prism) prism::detail::copy_in_chunks(dst, src, size);
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
using all_libs = libs<binglue::prism_lib, binglue::cereal_lib, binglue::boost_lib, binglue::msgpack_lib,
                      binglue::protobuf_lib, binglue::flatbuffers_lib, binglue::capnp_lib>;
// the trees: shared, weak and polymorphic pointers
using pointer_libs = libs<binglue::prism_lib, binglue::cereal_lib, binglue::boost_lib>;

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
