// prism: copying bulk bytes (arrays, strings) without falling into a slow path of x86-64's `rep movsb`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

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

/// memcpy, except where that would be slow (above): such copies go 64 bytes at a time through vector registers,
/// from the end back, so no load follows a store to its own 4 KiB alias (32 KiB: 1.4 µs, 1.6 going forward).
inline void copy_bytes(void* dst, const void* src, std::size_t n) noexcept {
  if (memcpy_is_slow(dst, src, n)) {
    auto* d = static_cast<char*>(dst) + n;
    const auto* s = static_cast<const char*>(src) + n;
    for (; n >= 64; n -= 64) {
      d -= 64;
      s -= 64;
      char chunk[64];  // a fixed size: compiled to vector loads, then stores
      std::memcpy(chunk, s, 64);
      std::memcpy(d, chunk, 64);
    }
    if (n != 0) std::memcpy(d - n, s - n, n);
    return;
  }
  if (n != 0) std::memcpy(dst, src, n);
}

}  // namespace prism::detail
