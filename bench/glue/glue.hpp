// What the binary libraries' glue (the headers beside this file, one a library) shares; used by bin_bench.cpp and
// the executable-size programs (exe_size/), so that the size measured is that of the code benchmarked. Each library
// is wrapped in a struct with the same two calls: write(model, size) into a buffer the struct owns and reuses,
// returning the bytes; read<T>(bytes) into a fresh T. A library that fails exits the program with a message.
// The trees (pointers) are taught in the *_trees.hpp headers, which only the benchmark includes.
// Everything is in an unnamed namespace, as it was in bin_bench.cpp: with internal linkage GCC inlines these calls
// into the benchmark loops and moves error paths out of line, which it does less for inline functions of external
// linkage (the measured code would change). Each program that uses the glue is one translation unit.
#pragma once

#include <concepts>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <type_traits>

namespace binglue {
namespace {

[[noreturn, maybe_unused]] void die(const std::string& message) {
  std::fprintf(stderr, "%s\n", message.c_str());
  std::exit(1);
}

using int32_map = std::map<std::int32_t, std::int32_t>;

template <class E>
concept scalar = std::is_arithmetic_v<E>;

}  // namespace
}  // namespace binglue
