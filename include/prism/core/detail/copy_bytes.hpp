// prism: copying bulk bytes (arrays, strings) without falling into a slow path of x86-64's `rep movsb`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#include "simd.hpp"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#endif

namespace prism::detail {

/// Whether this processor's `rep movsb`, which glibc's large copies use, slows down on 4 KiB aliasing between its loads
/// and the stores just made: AMD's do (Zen 4: 10-20x, below); the Intel Xeon the benchmarks ran on later does not (256
/// KiB 5 bytes past their source: 6.9 µs against 6.4 aligned, where the 64-byte loop below took 9.2). Asked once.
inline bool rep_movsb_slows_on_aliasing() noexcept {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  static const bool amd = [] {
    unsigned a = 0, b = 0, c = 0, d = 0;
    __cpuid(0, a, b, c, d);
    return b == 0x68747541 && d == 0x69746e65 && c == 0x444d4163;  // "AuthenticAMD"
  }();
  return amd;
#else
  return false;
#endif
}

/// Whether memcpy(dst, src, n) would be slow: a large copy whose destination lies 1 to 31 bytes past its source
/// modulo 4 KiB, on a processor whose `rep movsb` slows down there (32 KiB took 11 µs instead of 0.7 on an AMD EPYC;
/// 32 to 63 bytes past cost 1.6x at most). It is the common case, not a corner: a large std::vector and a large output
/// buffer both come from mmap at the same page offset, and the array's bytes land a few header bytes into the output.
inline bool memcpy_is_slow(const void* dst, const void* src, std::size_t n) noexcept {
  auto distance = (reinterpret_cast<std::uintptr_t>(dst) - reinterpret_cast<std::uintptr_t>(src)) & 4095;
  return n >= 1024 && distance != 0 && distance < 32 && rep_movsb_slows_on_aliasing();
}

/// 64 bytes through vector registers: four loads, then four stores. (Through a char[64] and memcpy, g++ 12 also
/// stores the chunk to the stack, which halves the speed.)
inline void copy_64(char* d, const char* s) noexcept {
#if PRISM_SSE2
  const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s));
  const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + 16));
  const __m128i c = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + 32));
  const __m128i e = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + 48));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(d), a);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(d + 16), b);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(d + 32), c);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(d + 48), e);
#else
  char chunk[64];
  std::memcpy(chunk, s, 64);
  std::memcpy(d, chunk, 64);
#endif
}

/// n <= 64 bytes by overlapping moves: from 32 bytes, the first and last 32 as two 16-byte moves each; then the first
/// and last 16, 8, 4; 1 to 3 bytes one by one. No call, a branch per width: a short string or array costs a call to
/// memcpy more than its copy. Every load comes before the stores.
[[gnu::always_inline]] inline void copy_short(char* d, const char* s, std::size_t n) noexcept {
  auto moves = [&]<std::size_t W, std::size_t... At>(std::index_sequence<At...>) {  // at W * i and n - W * (i + 1)
    char head[sizeof...(At)][W], tail[sizeof...(At)][W];
    ((std::memcpy(head[At], s + W * At, W), std::memcpy(tail[At], s + n - W * (At + 1), W)), ...);
    ((std::memcpy(d + W * At, head[At], W), std::memcpy(d + n - W * (At + 1), tail[At], W)), ...);
  };
  if (n >= 32) moves.template operator()<16>(std::make_index_sequence<2>{});
  else if (n >= 16) moves.template operator()<16>(std::make_index_sequence<1>{});
  else if (n >= 8) moves.template operator()<8>(std::make_index_sequence<1>{});
  else if (n >= 4) moves.template operator()<4>(std::make_index_sequence<1>{});
  else if (n != 0) {
    const char first = s[0], middle = s[n / 2], last = s[n - 1];
    d[0] = first;
    d[n / 2] = middle;
    d[n - 1] = last;
  }
}

/// n bytes 64 at a time through vector registers, then the rest by memcpy.
inline void copy_in_chunks(char* d, const char* s, std::size_t n) noexcept {
  for (; n >= 64; n -= 64, d += 64, s += 64) copy_64(d, s);
  if (n != 0) std::memcpy(d, s, n);
}

/// n, hidden from the compiler unless it is a constant. Where g++ knows a bound on the size of a copy or a fill
/// (below 4 KiB, say), it expands memcpy or memset inline into `rep movsq` or `rep stosq`, which take about 30 ns to
/// start on the Intel Xeon (8 floats read in 60 ns instead of 28): a hidden size keeps the call to the library's. A
/// constant stays in sight, to become a few moves.
[[gnu::always_inline]] inline std::size_t hide_size(std::size_t n) noexcept {
#if defined(__GNUC__) && defined(__x86_64__)
  if (!__builtin_constant_p(n)) asm("" : "+r"(n));
#endif
  return n;
}

/// memcpy, except where that would be slow (above): such copies go by copy_in_chunks, nearly memcpy's best speed (32
/// KiB 1 to 31 bytes past: 0.81 µs against memcpy's 11; 0.70 at its best, on the AMD EPYC).
inline void copy_bytes(void* dst, const void* src, std::size_t n) noexcept {
  if (memcpy_is_slow(dst, src, n)) return copy_in_chunks(static_cast<char*>(dst), static_cast<const char*>(src), n);
  n = hide_size(n);
  if (n != 0) std::memcpy(dst, src, n);
}

}  // namespace prism::detail
