// prism: decimal to binary floating point, correctly rounded. Short inputs take Clinger's exact fast path;
// the rest the Eisel-Lemire method (Lemire, "Number Parsing at a Gigabyte per Second", 2021) over the
// 128-bit powers of ten that dtoa.hpp already carries; the rare inputs it cannot decide go to the standard
// library.
#pragma once

#include <bit>
#include <cfloat>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <system_error>
#include <type_traits>

#if defined(_LIBCPP_VERSION)
#include <cerrno>
#include <clocale>
#include <cstdlib>
#if __has_include(<xlocale.h>)
#include <xlocale.h>
#endif
#endif

#include "pow10_table.hpp"
#include "u128.hpp"

namespace prism::json::detail {

template <class F>
struct float_format;

template <>
struct float_format<double> {
  using bits_type = std::uint64_t;
  static constexpr int mantissa_bits = 52;
  static constexpr int minimum_exponent = -1023;
  static constexpr int infinite_power = 0x7FF;
  static constexpr int min_round_to_even = -4;  // where a product can be an exact halfway case
  static constexpr int max_round_to_even = 23;
  static constexpr int smallest_power_of_ten = -342;  // below: zero whatever the digits
  static constexpr int largest_power_of_ten = 308;    // above: infinite
  static constexpr int max_exact_power_of_ten = 22;   // Clinger: 10^22 is the largest exact double power
};

template <>
struct float_format<float> {
  using bits_type = std::uint32_t;
  static constexpr int mantissa_bits = 23;
  static constexpr int minimum_exponent = -127;
  static constexpr int infinite_power = 0xFF;
  static constexpr int min_round_to_even = -17;
  static constexpr int max_round_to_even = 10;
  static constexpr int smallest_power_of_ten = -64;
  static constexpr int largest_power_of_ten = 38;
  static constexpr int max_exact_power_of_ten = 10;
};

/// A binary floating-point value before assembly: the mantissa without its hidden bit and the biased
/// exponent; power2 < 0 means "undecided, use the slow path".
struct adjusted_mantissa {
  std::uint64_t mantissa = 0;
  int power2 = 0;
  friend bool operator==(const adjusted_mantissa&, const adjusted_mantissa&) = default;
};

/// 5^q scaled into [2^127, 2^128), truncated for q > 55 and q < -27 and rounded up in between, which is
/// what the method's proof assumes. dtoa's table rounds every inexact entry up and is exact for
/// 0 <= q <= 55, so one subtraction recovers it (tools/generate_pow10_table.py documents the table).
inline u128 power_of_five_128(int q) noexcept {
  const std::uint64_t* e = pow10_significands[q - pow10_min_exponent];
  u128 r{e[0], e[1]};
  if (q > 55 || q < -27) {
    if (r.lo-- == 0) --r.hi;
  }
  return r;
}

/// w * 10^q as a binary significand and exponent, correctly rounded to nearest even, for w != 0 with
/// smallest_power_of_ten <= q <= largest_power_of_ten and q within dtoa's table.
template <class F>
[[gnu::always_inline]] inline adjusted_mantissa eisel_lemire(std::int64_t q, std::uint64_t w) noexcept {
  using fmt = float_format<F>;
  adjusted_mantissa answer;
  int lz = std::countl_zero(w);
  w <<= lz;
  u128 power = power_of_five_128(static_cast<int>(q));
  u128 product = umul128(w, power.hi);
  constexpr std::uint64_t precision_mask = ~std::uint64_t{0} >> (fmt::mantissa_bits + 3);
  if ((product.hi & precision_mask) == precision_mask) {  // the low bits might carry: take 64 more
    u128 second = umul128(w, power.lo);
    product.lo += second.hi;
    if (second.hi > product.lo) ++product.hi;
  }
  int upperbit = static_cast<int>(product.hi >> 63);
  int shift = upperbit + 64 - fmt::mantissa_bits - 3;
  answer.mantissa = product.hi >> shift;
  // floor(log2(10^q)) + 63, by a fixed-point logarithm exact over the range
  int power_of_two = static_cast<int>(((152170 + 65536) * q) >> 16) + 63;
  answer.power2 = power_of_two + upperbit - lz - fmt::minimum_exponent;
  if (answer.power2 <= 0) {  // subnormal
    if (-answer.power2 + 1 >= 64) return {0, 0};
    answer.mantissa >>= -answer.power2 + 1;
    answer.mantissa += answer.mantissa & 1;
    answer.mantissa >>= 1;
    answer.power2 = answer.mantissa < (std::uint64_t{1} << fmt::mantissa_bits) ? 0 : 1;
    return answer;
  }
  // An exact halfway case rounds to even; it can only occur where 5^q is small enough to be exact.
  if (product.lo <= 1 && q >= fmt::min_round_to_even && q <= fmt::max_round_to_even && (answer.mantissa & 3) == 1 &&
      (answer.mantissa << shift) == product.hi)
    answer.mantissa &= ~std::uint64_t{1};
  answer.mantissa += answer.mantissa & 1;
  answer.mantissa >>= 1;
  if (answer.mantissa >= (std::uint64_t{2} << fmt::mantissa_bits)) {
    answer.mantissa = std::uint64_t{1} << fmt::mantissa_bits;
    ++answer.power2;
  }
  answer.mantissa &= ~(std::uint64_t{1} << fmt::mantissa_bits);
  if (answer.power2 >= fmt::infinite_power) return {0, fmt::infinite_power};
  return answer;
}

template <class F>
F assemble(adjusted_mantissa am, bool negative) noexcept {
  using fmt = float_format<F>;
  using bits_type = typename fmt::bits_type;
  bits_type bits = static_cast<bits_type>(am.mantissa) |
                   (static_cast<bits_type>(am.power2) << fmt::mantissa_bits) |
                   (static_cast<bits_type>(negative) << (sizeof(F) * 8 - 1));
  return std::bit_cast<F>(bits);
}

/// The digits of a JSON number, split for conversion: the value is w * 10^q, where w holds the first 19
/// significant digits and `truncated` says whether digits were dropped after them.
struct decimal_number {
  std::uint64_t w = 0;
  std::int64_t q = 0;
  bool negative = false;
  bool truncated = false;  ///< more than 19 significant digits: w is a lower bound, w + 1 an upper one
  const char* first = nullptr;  ///< the whole number's text, for the slow path
  const char* last = nullptr;
};

/// The slow path for the few inputs Eisel-Lemire leaves open: the standard library's correctly rounded
/// conversion (libc++ 19 has no floating-point from_chars, so strtod in the C locale there). d is taken by value
/// and the call kept out of line, so that a caller's number need not be in memory for the sake of this rare call.
template <class F>
[[gnu::noinline]] bool slow_to_float(decimal_number d, F& out) noexcept {
#if defined(_LIBCPP_VERSION)
  char small[128];
  std::string big;
  auto n = static_cast<std::size_t>(d.last - d.first);
  char* text = small;
  if (n >= sizeof small) {
    big.assign(d.first, n);
    text = big.data();
  } else {
    std::memcpy(small, d.first, n);
    small[n] = '\0';
  }
  static const locale_t c_locale = newlocale(LC_ALL_MASK, "C", locale_t{});
  errno = 0;
  F v;
  if constexpr (std::is_same_v<F, float>) v = strtof_l(text, nullptr, c_locale);
  else v = strtod_l(text, nullptr, c_locale);
  if (errno == ERANGE && (v == std::numeric_limits<F>::infinity() || v == -std::numeric_limits<F>::infinity()))
    return false;
  out = v;
  return true;
#else
  auto r = std::from_chars(d.first, d.last, out);
  if (r.ec == std::errc::result_out_of_range) {
    if (d.q > 0) return false;  // too large
    out = d.negative ? -F(0) : F(0);
  }
  return true;
#endif
}

inline constexpr std::uint64_t exact_powers_of_10_u64[] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000};

inline constexpr double exact_powers_of_10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                                1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                                1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

/// d as the nearest F (ties to even). False when it is too large for F (infinite).
template <class F>
[[gnu::always_inline]] inline bool to_float(const decimal_number& d, F& out) noexcept {
  using fmt = float_format<F>;
#if FLT_EVAL_METHOD == 0  // Clinger: w and 10^|q| are exact, so one correctly rounded operation is exact
  if (!d.truncated && d.w <= (std::uint64_t{1} << (fmt::mantissa_bits + 1)) && d.q >= -fmt::max_exact_power_of_ten &&
      d.q <= fmt::max_exact_power_of_ten) {
    F v = static_cast<F>(d.w);
    F p = static_cast<F>(exact_powers_of_10[d.q < 0 ? -d.q : d.q]);
    v = d.q < 0 ? v / p : v * p;
    out = d.negative ? -v : v;
    return true;
  }
#endif
  if (d.w == 0 || d.q < fmt::smallest_power_of_ten) {
    out = d.negative ? -F(0) : F(0);
    return true;
  }
  if (d.q > fmt::largest_power_of_ten) return false;
  if (d.q < pow10_min_exponent) return slow_to_float(d, out);
  adjusted_mantissa am = eisel_lemire<F>(d.q, d.w);
  if (d.truncated && am != eisel_lemire<F>(d.q, d.w + 1)) return slow_to_float(d, out);  // w < 10^19: no overflow
  if (am.power2 == fmt::infinite_power) return false;
  out = assemble<F>(am, d.negative);
  return true;
}

}  // namespace prism::json::detail
