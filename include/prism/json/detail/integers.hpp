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
  int t = (std::bit_width(v | 1) * 1233) >> 12;  // 1233/4096 ~ log10(2)
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

inline char* write_unsigned(char* out, std::uint64_t v) noexcept {
  int n = count_digits(v);
  char* end = out + n;
  if (v <= 0xFFFFFFFFu) {
    write_digits_backwards(end, static_cast<std::uint32_t>(v));
  } else {
    // Peel the low 8 digits with 64-bit division, the rest in 32-bit arithmetic.
    std::uint64_t hi = v / 100000000;
    auto lo = static_cast<std::uint32_t>(v - hi * 100000000);
    for (int i = 0; i < 4; ++i) {
      std::memcpy(end - 2 - 2 * i, digit_pairs + 2 * (lo % 100), 2);
      lo /= 100;
    }
    if (hi <= 0xFFFFFFFFu) write_digits_backwards(end - 8, static_cast<std::uint32_t>(hi));
    else write_digits_backwards(end - 8, hi);
  }
  return end;
}

/// Writes any integer; needs max_integer_chars of room.
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
