// prism: 64 x 64 -> 128-bit products, for the number conversions in both directions (dtoa.hpp, from_decimal.hpp).
#pragma once

#include <cstdint>

namespace prism::json::detail {

struct u128 {
  std::uint64_t hi, lo;
};

/// 64 x 64 -> 128-bit product from 32-bit halves, for compilers without a 128-bit integer.
constexpr u128 umul128_portable(std::uint64_t a, std::uint64_t b) noexcept {
  const std::uint64_t a0 = a & 0xFFFFFFFF, a1 = a >> 32, b0 = b & 0xFFFFFFFF, b1 = b >> 32;
  const std::uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  const std::uint64_t mid = (p00 >> 32) + (p01 & 0xFFFFFFFF) + (p10 & 0xFFFFFFFF);  // < 3 * 2^32: no overflow
  return {p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32), (mid << 32) | (p00 & 0xFFFFFFFF)};
}

#if defined(__SIZEOF_INT128__)
__extension__ typedef unsigned __int128 uint128_t;  // __extension__: -Wpedantic knows no 128-bit integer
constexpr u128 umul128(std::uint64_t a, std::uint64_t b) noexcept {
  const uint128_t p = static_cast<uint128_t>(a) * b;
  return {static_cast<std::uint64_t>(p >> 64), static_cast<std::uint64_t>(p)};
}
#else
constexpr u128 umul128(std::uint64_t a, std::uint64_t b) noexcept { return umul128_portable(a, b); }
#endif

}  // namespace prism::json::detail
