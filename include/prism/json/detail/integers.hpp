// prism: integer to decimal text, two digits per step.
#pragma once

#include <bit>
#include <concepts>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace prism::json::detail {

/// An int64 needs 20 characters ("-9223372036854775808"), a uint64 20.
inline constexpr std::size_t max_integer_chars = 20;

inline constexpr char digit_pairs[201] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

inline constexpr std::uint64_t powers_of_10[20] = {1ull,
                                                   10ull,
                                                   100ull,
                                                   1000ull,
                                                   10000ull,
                                                   100000ull,
                                                   1000000ull,
                                                   10000000ull,
                                                   100000000ull,
                                                   1000000000ull,
                                                   10000000000ull,
                                                   100000000000ull,
                                                   1000000000000ull,
                                                   10000000000000ull,
                                                   100000000000000ull,
                                                   1000000000000000ull,
                                                   10000000000000000ull,
                                                   100000000000000000ull,
                                                   1000000000000000000ull,
                                                   10000000000000000000ull};

/// Decimal digits in v (1 for 0): log2 from the bit width, corrected by one comparison.
constexpr int count_digits(std::uint64_t v) noexcept {
  int t = (static_cast<int>(std::bit_width(v | 1)) * 1233) >> 12;  // 1233/4096 ~ log10(2)
  return t + ((v | 1) >= powers_of_10[t]);  // v | 1: zero has one digit too
}

/// Writes the digits of v backwards, ending at `end`; 32-bit steps where the value fits, as they divide faster.
template <class U>
inline void write_digits_backwards(char* end, U v) noexcept {
  while (v >= 100) {
    U r = v % 100;
    v /= 100;
    end -= 2;
    std::memcpy(end, digit_pairs + 2 * r, 2);
  }
  if (v >= 10) {
    std::memcpy(end - 2, digit_pairs + 2 * v, 2);
  } else {
    end[-1] = static_cast<char>('0' + v);
  }
}

constexpr std::uint64_t byteswap64(std::uint64_t v) noexcept {
  v = (v >> 32) | (v << 32);
  v = ((v & 0xFFFF0000FFFF0000) >> 16) | ((v & 0x0000FFFF0000FFFF) << 16);
  return ((v & 0xFF00FF00FF00FF00) >> 8) | ((v & 0x00FF00FF00FF00FF) << 8);
}

/// The 8 decimal digits of v < 10^8 as one byte each, the first digit in the lowest byte: split into halves, then
/// quarters, then digits, every lane at once. Each step divides by multiply-shift (exact in range, no carry between
/// lanes) and packs quotient and remainder as (x << width) + quotient * (1 - divisor << width): one multiply-add,
/// which keeps the chain of dependent steps shorter than shifts and subtractions would.
constexpr std::uint64_t digit_bytes8(std::uint32_t v) noexcept {
  const std::uint64_t q4 = v / 10000;
  std::uint64_t x = (std::uint64_t{v} << 32) + q4 * (1 - (std::uint64_t{10000} << 32));
  const std::uint64_t q2 = ((x * 10486) >> 20) & 0x0000007F0000007F;  // per 32-bit lane: y / 100 for y < 10^4
  x = (x << 16) + q2 * (1 - (std::uint64_t{100} << 16));
  const std::uint64_t q1 = ((x * 103) >> 10) & 0x000F000F000F000F;  // per 16-bit lane: y / 10 for y < 100
  return (x << 8) + q1 * (1 - (std::uint64_t{10} << 8));
}

/// Stores 8 characters held in reading order (the first in the lowest byte), whatever the machine's byte order.
inline void store_text(char* p, std::uint64_t text) noexcept {
  if constexpr (std::endian::native == std::endian::big) text = byteswap64(text);
  std::memcpy(p, &text, 8);
}

inline constexpr std::uint64_t zeros_text = 0x3030303030303030;  // "00000000"

/// The digits of v < 10^8 at out. Stores 8 bytes; those past the returned end are scratch. The leading zero digits
/// are the zero bytes at the low end of digit_bytes8's word, counted there and shifted out: no count_digits (its
/// table load was the slowest step of twitter's small counts).
inline char* write_short_unsigned(char* out, std::uint32_t v) noexcept {
  const std::uint64_t digits = digit_bytes8(v);
  const int zeros = std::countr_zero(digits | std::uint64_t{1} << 56) / 8;  // at most 7: 0 keeps its digit
  store_text(out, (digits + zeros_text) >> (8 * zeros));
  return out + 8 - zeros;
}

/// Eight digits at a time (see digit_bytes8), rather than a loop of pairs: a 10-digit id costs two steps.
inline char* write_unsigned(char* out, std::uint64_t v) noexcept {
  if (v < 100000000) return write_short_unsigned(out, static_cast<std::uint32_t>(v));
  if (v < 10000000000000000) {
    const std::uint64_t hi = v / 100000000;
    out = write_short_unsigned(out, static_cast<std::uint32_t>(hi));
    store_text(out, digit_bytes8(static_cast<std::uint32_t>(v - hi * 100000000)) + zeros_text);
    return out + 8;
  }
  const std::uint64_t top = v / 10000000000000000, rest = v - top * 10000000000000000, mid = rest / 100000000;
  out = write_short_unsigned(out, static_cast<std::uint32_t>(top));
  store_text(out, digit_bytes8(static_cast<std::uint32_t>(mid)) + zeros_text);
  store_text(out + 8, digit_bytes8(static_cast<std::uint32_t>(rest - mid * 100000000)) + zeros_text);
  return out + 16;
}

/// Writes any integer; needs max_integer_chars of room, which it may use as scratch past the returned end.
template <std::integral I>
inline char* write_integer(char* out, I v) noexcept {
  if constexpr (std::is_signed_v<I>) {
    auto u = static_cast<std::make_unsigned_t<I>>(v);
    if (v < 0) {
      *out++ = '-';
      u = static_cast<std::make_unsigned_t<I>>(0 - u);  // well defined for the minimum too
    }
    return write_unsigned(out, u);
  } else {
    return write_unsigned(out, v);
  }
}

}  // namespace prism::json::detail
