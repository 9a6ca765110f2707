// What every executable-size program does: build the binary benchmark's models without the trees (msgpack-cxx and
// the schema formats have no pointers, so all libraries do the same work), pass each through a function (a
// library's write and read back, or a plain copy in the baseline), and print a checksum of what came back. The
// sizes and values come from argc, so that nothing is constant-folded away; equal checksums across the programs
// (bench/exe_size.sh compares them) show that each library returned every value it was given.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "../bin_models.hpp"

namespace exe_size {

/// FNV-1a over 32-bit words, each container's size included.
struct checksum {
  std::uint64_t h = 14695981039346656037u;
  void add(std::uint32_t x) { h = (h ^ x) * 1099511628211u; }
  void add(std::int32_t x) { add(static_cast<std::uint32_t>(x)); }
  void add(float x) { add(std::bit_cast<std::uint32_t>(x)); }
  void add(const binmodel::integers& x) {
    for (std::int32_t v : {x.a, x.b, x.c, x.d, x.e, x.f, x.g, x.h, x.i, x.j}) add(v);
  }
  template <class T>
  void add(const std::vector<T>& v) {
    add(static_cast<std::uint32_t>(v.size()));
    for (const T& x : v) add(x);
  }
  void add(const std::map<std::int32_t, std::int32_t>& m) {
    add(static_cast<std::uint32_t>(m.size()));
    for (const auto& [key, value] : m) {
      add(key);
      add(value);
    }
  }
};

/// `model` written by `lib` and read back from a copy of the bytes, as the benchmark checks each library.
template <class Lib, class T>
T round_trip(Lib& lib, const T& model) {
  std::size_t size = 0;
  const void* p = lib.write(model, size);
  return lib.template read<T>(std::string(static_cast<const char*>(p), size));
}

/// Builds the models (argc + 7 elements each), passes each through `f` and prints the checksum of the results.
template <class F>
int run(int argc, F f) {
  std::size_t n = static_cast<std::size_t>(argc) + 7;
  std::uint32_t state = static_cast<std::uint32_t>(argc);
  auto next = [&] {  // a linear congruential generator: full-range values, little code
    state = state * 1664525u + 1013904223u;
    return static_cast<std::int32_t>(state);
  };
  binmodel::integers one{next(), next(), next(), next(), next(), next(), next(), next(), next(), next()};
  std::vector<binmodel::integers> many(n);
  std::vector<std::int32_t> ints;
  std::vector<float> floats;
  std::map<std::int32_t, std::int32_t> map;
  for (auto& x : many) x = {next(), next(), next(), next(), next(), next(), next(), next(), next(), next()};
  for (std::size_t k = 0; k < n; ++k) {
    ints.push_back(next());
    floats.push_back(static_cast<float>(next()) / 7.0f);
    map.emplace(next(), next());
  }
  checksum sum;
  sum.add(f(one));
  sum.add(f(many));
  sum.add(f(ints));
  sum.add(f(floats));
  sum.add(f(map));
  std::printf("%016llx\n", static_cast<unsigned long long>(sum.h));
  return 0;
}

}  // namespace exe_size
