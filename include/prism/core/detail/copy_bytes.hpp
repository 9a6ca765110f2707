// prism: copying bulk bytes (arrays, strings) without falling into a slow path of x86-64's `rep movsb`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "simd.hpp"

namespace prism::detail {

/// Whether memcpy(dst, src, n) would be slow: a large copy whose destination lies 1 to 31 bytes past its source
/// modulo 4 KiB. There, glibc's large copies (`rep movsb`) run 10-20x slower on x86-64 (4 KiB aliasing between loads
/// and the stores just made: 32 KiB took 11 µs instead of 0.7 on this project's benchmark machine; 32 to 63 bytes
/// past cost 1.6x at most). It is the common case, not a corner: a large std::vector and a large output buffer both
/// come from mmap at the same page offset, and the array's bytes land a few header bytes into the output.
inline bool memcpy_is_slow([[maybe_unused]] const void* dst, [[maybe_unused]] const void* src,
                           [[maybe_unused]] std::size_t n) noexcept {
#if defined(__x86_64__)
  auto distance = (reinterpret_cast<std::uintptr_t>(dst) - reinterpret_cast<std::uintptr_t>(src)) & 4095;
  return n >= 1024 && distance != 0 && distance < 32;
#else
  return false;
#endif
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

/// memcpy, except where that would be slow (above): such copies go 64 bytes at a time through vector registers,
/// nearly memcpy's best speed (32 KiB 1 to 31 bytes past: 0.81 µs against memcpy's 11; 0.70 at its best).
inline void copy_bytes(void* dst, const void* src, std::size_t n) noexcept {
  if (memcpy_is_slow(dst, src, n)) {
    auto* d = static_cast<char*>(dst);
    const auto* s = static_cast<const char*>(src);
    for (; n >= 64; n -= 64, d += 64, s += 64) copy_64(d, s);
    if (n != 0) std::memcpy(d, s, n);
    return;
  }
  if (n != 0) std::memcpy(dst, src, n);
}

}  // namespace prism::detail
