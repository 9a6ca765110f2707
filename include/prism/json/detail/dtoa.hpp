// prism: floating point to the shortest decimal text that reads back bit-identical.
//
// The digits follow the idea of Giulietti's Schubfach: with k = floor(log10(2^q)) (one decimal place per binary
// step of the value), one 128-bit power of ten scales the value and both ends of its rounding interval to units of
// 10^k, each product rounded to odd. Rounding to odd keeps every comparison with an even integer exact, and the
// shortest decimal in the interval is then one of four candidates: s or s + 1 (s = floor(v / 10^k)), or the
// multiples of ten around them, which are one digit shorter.
//
// Most values take a faster path to the same answer (to_digits64_fast, to_digits32_fast): the value's product
// alone, one decimal place higher, so that the digits' text can start from its integer part while comparisons of its
// fraction with half an ulp decide whether one more digit follows. Its error is bounded, so it hands the rare value
// whose comparisons fall within that bound (exact ties and boundaries among them) to the exact path above.
//
// pow10_table.hpp holds the powers rounded up; tools/generate_pow10_table.py proves, for every binary exponent and
// all significands at once, that the rounding never moves a product's integer part and that the fraction tells
// true integers apart (where the power is inexact yet the product can be an integer, 1 <= k <= 27, a true integer
// leaves a tail below 2^-64, which is masked off).
//
// The text matches std::to_chars(first, last, v) byte for byte: the closest shortest digits (even on a tie), fixed
// or scientific whichever is shorter (fixed on a tie), at least two exponent digits, and for fixed integers beyond
// the significand's precision the digits of the exact binary value, as printf's %f gives them.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "../../core/detail/simd.hpp"
#include "integers.hpp"
#include "pow10_table.hpp"
#include "u128.hpp"

namespace prism::json::detail {

/// Room write_double and write_float need: the longest texts are "-2.2250738585072014e-308" (24 characters) and
/// "-1.00000005e-20" (15). Digits are stored in whole blocks, which may overwrite bytes past the end they return,
/// never beyond this room.
inline constexpr std::size_t max_double_chars = 24;
inline constexpr std::size_t max_float_chars = 24;

namespace dtoa_impl {

// Fixed-point logarithms; the generator checks them exactly over every exponent used.
constexpr int flog10_pow2(int q) noexcept { return (q * 315653) >> 20; }                           // floor(log10(2^q))
constexpr int flog10_three_quarters_pow2(int q) noexcept { return (q * 315653 - 131237) >> 20; }  // of 3/4 * 2^q
constexpr int flog2_pow10(int e) noexcept { return (e * 1741647) >> 19; }                          // floor(log2(10^e))

/// digits * 10^exponent.
struct decimal {
  std::uint64_t digits;
  int exponent;
};

/// Round to odd of g * cp / 2^128, g = g_hi:g_lo: the floor, with its lowest bit set if a nonzero fraction was
/// dropped. low_mask clears the fraction's low word where a true integer leaves a tail of the rounded-up g.
inline std::uint64_t round_to_odd(std::uint64_t g_hi, std::uint64_t g_lo, std::uint64_t cp,
                                  std::uint64_t low_mask) noexcept {
  const u128 a = umul128(g_hi, cp), b = umul128(g_lo, cp);
  const std::uint64_t mid = a.lo + b.hi;
  const std::uint64_t floor = a.hi + (mid < a.lo);
  return floor | static_cast<std::uint64_t>((mid | (b.lo & low_mask)) != 0);
}

/// The shortest decimal in the rounding interval, the closest of those on a tie of lengths, the even one on an
/// exact tie, in units of 10^k (it may end in zeros; the writer drops them). vb = 4v / 10^k and vbl, vbr the
/// interval's ends at the same scale, all rounded to odd; open = 1 when the ends themselves read back as a neighbour
/// (odd significand). Every comparison is against an even integer, and all are made before one select, as branches
/// on random digits mispredict.
inline std::uint64_t pick(std::uint64_t vb, std::uint64_t vbl, std::uint64_t vbr, std::uint64_t open) noexcept {
  const std::uint64_t s = vb >> 2;
  // The interval is under 10 units wide: of the shorter multiples of 10 only these two can be in it, never both.
  const std::uint64_t sp = s / 10;
  const std::uint64_t sp_in = vbl + open <= 40 * sp;
  const std::uint64_t tp_in = 40 * sp + 40 + open <= vbr;
  const std::uint64_t shorter = (sp_in ^ tp_in) & (s >= 10);  // below 10 they are no shorter than s, t
  // Otherwise s or t = s + 1, at least one in; when both, the closer to v, the even one on an exact tie.
  const std::uint64_t s_in = vbl + open <= 4 * s;
  const std::uint64_t t_in = 4 * s + 4 + open <= vbr;
  const std::uint64_t mid = 4 * s + 2;
  const std::uint64_t above_mid = (vb > mid) | ((vb == mid) & s);
  const std::uint64_t nearest = s + (t_in & ((s_in ^ 1) | above_mid));
  // Bit operations and a mask rather than && and ?:, which compile to branches that mispredict on random digits.
  const std::uint64_t take_shorter = 0 - shorter;
  return (10 * (sp + tp_in) & take_shorter) | (nearest & ~take_shorter);
}

/// a + b + carry_in and a - b - borrow_in on 128-bit halves; the native type lets the compiler use add/adc, sub/sbb.
inline u128 add128(u128 a, u128 b, std::uint64_t carry_in) noexcept {
#if defined(__SIZEOF_INT128__)
  const uint128_t r = ((uint128_t{a.hi} << 64) | a.lo) + ((uint128_t{b.hi} << 64) | b.lo) + carry_in;
  return {static_cast<std::uint64_t>(r >> 64), static_cast<std::uint64_t>(r)};
#else
  const std::uint64_t lo1 = a.lo + b.lo, lo = lo1 + carry_in;
  return {a.hi + b.hi + ((lo1 < a.lo) | (lo < lo1)), lo};
#endif
}
inline u128 sub128(u128 a, u128 b, std::uint64_t borrow_in) noexcept {
#if defined(__SIZEOF_INT128__)
  const uint128_t r = ((uint128_t{a.hi} << 64) | a.lo) - ((uint128_t{b.hi} << 64) | b.lo) - borrow_in;
  return {static_cast<std::uint64_t>(r >> 64), static_cast<std::uint64_t>(r)};
#else
  const std::uint64_t lo1 = a.lo - b.lo, lo = lo1 - borrow_in;
  return {a.hi - b.hi - ((a.lo < b.lo) | (lo1 < borrow_in)), lo};
#endif
}

/// A significand as the layout takes it: exactly 16 digits in 8-digit halves `hi` and `lo`, then `last`, a 17th
/// digit, or 0 for none; x is the exponent of the first digit; `significant` the digits less the trailing zeros when
/// known before the text is made, else 0.
struct digits17 {
  std::uint64_t hi;
  std::uint64_t lo;
  std::uint64_t last;
  int x;
  int significant = 0;
};

/// 16 digits, then a 17th (or 0), as digits17.
inline digits17 split16(std::uint64_t head, std::uint64_t last, int x, int significant = 0) noexcept {
  const std::uint64_t hi = head / 100000000;
  return {hi, head - hi * 100000000, last, x, significant};
}

/// Any decimal of at most 17 digits as digits17 (for the exact paths).
inline digits17 normalize(decimal dec) noexcept {
  const int n = count_digits(dec.digits);
  const int x = dec.exponent + n - 1;
  if (n == 17) return split16(dec.digits / 10, dec.digits % 10, x);
  return split16(dec.digits * powers_of_10[16 - n], 0, x);
}

/// The decisions of both fast paths below, from the value as t + f / 2^64 units of 10^k and half an ulp at the same
/// scale: the head (t, or t + 1) and the next digit (0 for none), or false when a comparison falls within its margin
/// of error (Margin for f against half an ulp, TieMargin for 10 f against a tie) and the exact path must decide.
template <std::uint64_t Margin, std::uint64_t TieMargin>
inline bool decide_head(std::uint64_t t, std::uint64_t f, std::uint64_t half, std::uint64_t& head,
                        std::uint64_t& next) noexcept {
  const u128 ten_f = umul128(f, 10);  // the next digit and its fraction
  const bool close = (f - half + Margin <= 2 * Margin) | (f + half + Margin <= 2 * Margin) |
                     (ten_f.lo - (std::uint64_t{1} << 63) + TieMargin <= 2 * TieMargin);
  const std::uint64_t below = f < half, above = f + half < f;  // t, or t + 1 (f + half carries past 1)
  head = t + above;
  next = (ten_f.hi + (ten_f.lo >> 63)) & ((below | above) - 1);  // 1..9 when it is needed; a mask, not a branch
  return !close;
}

/// Whether the fast paths' shift h = q + floor(log2(10^-(k+1))) + 5 is 1..5 for every binary exponent q of a normal
/// value (the products then stay below 2^186 for doubles, 2^93 for floats).
constexpr bool fast_shift_fits(int q_min, int q_max) noexcept {
  for (int q = q_min; q <= q_max; ++q) {
    const int h = q + flog2_pow10(-(flog10_pow2(q) + 1)) + 5;
    if (h < 1 || h > 5) return false;
  }
  return true;
}

/// The digits of a normal double whose interval is regular, from the value's product alone, as most doubles need
/// (Giulietti's Schubfach, with the scaling of Xiang JunBo's xjb that keeps a division by ten off the critical path).
/// With k = floor(log10(2^q)) + 1 the value is t + f / 2^64 units of 10^k and an ulp is a tenth of a unit to one, so
/// the interval holds at most one multiple of the unit: t when f is within half an ulp, t + 1 when 1 - f is; or else
/// the shortest are the values of one more digit, and the nearest of those is t followed by round(10 f). Each
/// decision is a comparison of f, half an ulp and the fraction of 10 f, so the text of t (15 or 16 digits, t below
/// 2^53) starts as soon as t and f are known. The product keeps 4 bits of the unit's integer part in its top word so
/// that its shift is never negative. The power is rounded up by under 1 in 2^128, times a significand below 2^58, and
/// the dropped low word makes the product's floor exact: f is within 1.07 of the truth in its last bit, half within 2,
/// 10 f within 11. A comparison whose margin is wider is exact; a value closer to a boundary, or to a tie, returns
/// false for the exact path: every exact tie or boundary, and otherwise about one double in 2^58. Where the error moves
/// a unit between t and f (a true f within it of 0 or 1), the other comparison picks the same head: t - 1 with f just
/// below 1 is rounded up to t.
[[gnu::always_inline]] inline bool to_digits64_fast(std::uint64_t c, int q, digits17& out) noexcept {
  const int k = flog10_pow2(q) + 1;
  const int h = q + flog2_pow10(-k) + 5;
  const std::uint64_t* g = pow10_significands[-k - pow10_min_exponent];
  const std::uint64_t cs = c << h;
  const u128 a = umul128(g[0], cs);
  const std::uint64_t b = a.lo + umul128(g[1], cs).hi;
  const std::uint64_t top = a.hi + (b < a.lo);
  const std::uint64_t t = top >> 4, f = top << 60 | b >> 4;
  const std::uint64_t half = g[0] >> (5 - h);  // half an ulp: 2^(h - 4) g / 2^128 units, at 2^-64
  std::uint64_t head = 0, next = 0;
  const bool decided = decide_head<4, 16>(t, f, half, head, next);
  // A head of 15 digits takes the next digit in; selects rather than a branch, as either length is as likely.
  const std::uint64_t short_head = head < 1000000000000000;
  // The count is known now, so the layout need not wait for the text to count it, with a next digit (never 0), or
  // when the head does not end in 0 (x * 5^-1 mod 2^64 rotated right by one is at most (2^64 - 1) / 10 exactly when 10
  // divides x). Only heads ending in zeros are left to count, which keeps the layout's branch on it predictable.
  const int ends_in_zero = std::rotr(head * 0xCCCCCCCCCCCCCCCD, 1) <= 0x1999999999999999;
  const int known = (next != 0) | (ends_in_zero ^ 1);
  const int significant = (17 - static_cast<int>(short_head) - (next == 0)) & -known;
  // The next digit joins a short head's low half after the split, which it cannot carry out of (the half ends in 0):
  // the split need not wait for it.
  digits17 d = split16(head * (1 + 9 * short_head), next & (short_head - 1), k + 15 - static_cast<int>(short_head),
                       significant);
  d.lo += next & (0 - short_head);
  out = d;
  return decided;
}
static_assert(fast_shift_fits(-1074, 971));

/// The same for a normal float, with the upper 64 bits of the power rounded up (times a significand below 2^29): f
/// is within 2^25 + 1 of the truth in its last bit, half within 2, 10 f within 2^29. About one float in 2^32 goes to
/// the exact path. t (6 to 8 digits, below 2^24) and the next digit are laid out as 16 digits.
[[gnu::always_inline]] inline bool to_digits32_fast(std::uint32_t c, int q, digits17& out) noexcept {
  const int k = flog10_pow2(q) + 1;
  const int h = q + flog2_pow10(-k) + 5;
  const std::uint64_t* g = pow10_significands[-k - pow10_min_exponent];
  const std::uint64_t g_hi = g[0] + (g[1] != 0);
  const u128 p = umul128(g_hi, std::uint64_t{c} << h);
  const std::uint64_t t = p.hi >> 4, f = p.hi << 60 | p.lo >> 4;
  const std::uint64_t half = g_hi >> (5 - h);
  std::uint64_t head = 0, next = 0;
  const bool decided = decide_head<std::uint64_t{1} << 26, std::uint64_t{1} << 30>(t, f, half, head, next);
  const int fewer = static_cast<int>(head < 10000000) + static_cast<int>(head < 1000000);  // 8 digits less these
  // t and the next digit fill the first half, but for the next digit after 8 of t; no division by 10^8 to split
  const std::uint64_t hi = fewer == 0 ? head : head * powers_of_10[fewer] + next * powers_of_10[fewer - 1];
  out = {hi, fewer == 0 ? next * 10000000 : 0, 0, k + 7 - fewer, next != 0 ? 9 - fewer : 0};
  return decided;
}
static_assert(fast_shift_fits(-149, 104));

/// Shortest decimal of c * 2^q (double), c a regular significand (the interval equally wide on both sides), exactly,
/// for subnormals and what the fast path leaves. The ends' products differ from the value's by exactly g * 2^(h+1),
/// so one 192-bit product and a 192-bit add and subtract give all three, the same bits three separate products would;
/// each is then rounded to odd.
[[gnu::noinline]] inline decimal to_decimal64(std::uint64_t c, int q) noexcept {
  const int k = flog10_pow2(q);
  const int h = q + flog2_pow10(-k) + 1;  // 1..7: lines the products' integer parts up with the high word
  const std::uint64_t* g = pow10_significands[-k - pow10_min_exponent];
  const std::uint64_t low_mask = static_cast<unsigned>(k - 1) <= 26 ? 0 : ~std::uint64_t{0};  // 1 <= k <= 27
  const std::uint64_t g_hi = g[0], g_lo = g[1];
  const u128 a = umul128(g_hi, c << (h + 2)), b = umul128(g_lo, c << (h + 2));
  // The value's product: v (upper 128 bits) and v0 (lowest 64).
  const std::uint64_t v0 = b.lo;
  const u128 v = add128(a, {0, b.hi}, 0);
  // g << (h + 1): d (upper 128 bits, under 2^72) and d0.
  const std::uint64_t d0 = g_lo << (h + 1);
  const u128 d = {g_hi >> (63 - h), g_hi << (h + 1) | g_lo >> (63 - h)};
  const std::uint64_t r0 = v0 + d0, l0 = v0 - d0;
  const u128 r = add128(v, d, r0 < v0), l = sub128(v, d, v0 < d0);
  const auto odd = [low_mask](u128 w, std::uint64_t w0) {
    return w.hi | static_cast<std::uint64_t>((w.lo | (w0 & low_mask)) != 0);
  };
  return {pick(odd(v, v0), odd(l, l0), odd(r, r0), c & 1), k};
}

/// A power of two 2^e that is its own shortest decimal, as the powers of two near 1 are (1, 2, 0.5, 1024, 0.125: common
/// in data), or {0, 0}. From 2^0 to 2^(Precision + 1) the interval holds no other integer, and a power of two ends in no
/// zero; from 2^-1 down to 2^-Lowest, 5^-e at 10^e ends in a 5, so every shorter decimal lies 5 * 10^e or more away,
/// beyond the interval (half an ulp above, 2^(e - Precision - 1), is narrower while 5^(e + 1) > 2^-(Precision + 1)).
template <int Precision, int Lowest>
constexpr decimal exact_power_of_two(int e) noexcept {
  static_assert(Lowest <= 19, "5^19 is the largest power of five below 2^64 that powers_of_10 gives");
  if (e >= 0 && e <= Precision + 1) return {std::uint64_t{1} << e, 0};
  if (e < 0 && e >= -Lowest) return {powers_of_10[-e] >> -e, e};  // 10^k / 2^k = 5^k
  return {0, 0};
}

/// The same for a power of two above the subnormals, whose interval below is half as wide as the one above.
[[gnu::noinline]] inline decimal to_decimal64_irregular(std::uint64_t c, int q) noexcept {
  if (const decimal d = exact_power_of_two<52, 19>(q + 52); d.digits != 0) return d;  // 5^(e + 1) > 2^-53 from e = -22
  const int k = flog10_three_quarters_pow2(q);
  const int h = q + flog2_pow10(-k) + 1;
  const std::uint64_t* g = pow10_significands[-k - pow10_min_exponent];
  const std::uint64_t low_mask = (k >= 1 && k <= 27) ? 0 : ~std::uint64_t{0};
  const std::uint64_t cb = c << 2;
  const std::uint64_t vb = round_to_odd(g[0], g[1], cb << h, low_mask);
  const std::uint64_t vbl = round_to_odd(g[0], g[1], (cb - 1) << h, low_mask);
  const std::uint64_t vbr = round_to_odd(g[0], g[1], (cb + 2) << h, low_mask);
  return {pick(vb, vbl, vbr, c & 1), k};
}

/// The exact path for a double the fast path leaves. Subnormals share the lowest exponent's scale; there the interval
/// is regular on both sides.
[[gnu::noinline]] inline decimal to_decimal64_exact(std::uint64_t fraction, int biased) noexcept {
  const std::uint64_t c = biased == 0 ? fraction : fraction | (std::uint64_t{1} << 52);
  const int q = (biased == 0 ? 1 : biased) - 1075;
  return fraction == 0 && biased > 1 ? to_decimal64_irregular(c, q) : to_decimal64(c, q);
}

/// Shortest decimal of c * 2^q (float), exactly, for what the fast path leaves, with the table's upper 64 bits rounded
/// up; checked for every float too.
[[gnu::noinline]] inline decimal to_decimal32(std::uint32_t c, int q, bool irregular) noexcept {
  if (irregular) {  // 5^(e + 1) > 2^-24 from e = -11
    if (const decimal d = exact_power_of_two<23, 10>(q + 23); d.digits != 0) return d;
  }
  const int k = irregular ? flog10_three_quarters_pow2(q) : flog10_pow2(q);
  const int h = q + flog2_pow10(-k) + 1;
  const std::uint64_t* g = pow10_significands[-k - pow10_min_exponent];
  const std::uint64_t g64 = g[0] + (g[1] != 0);
  // Where true integers meet an inexact power (1 <= k <= 11) their tail stays below 2^-28, real fractions above.
  const std::uint64_t frac_mask = (k >= 1 && k <= 11) ? ~((std::uint64_t{1} << 36) - 1) : ~std::uint64_t{0};
  const auto odd = [&](std::uint64_t cp) {
    const u128 p = umul128(g64, cp << h);
    return p.hi | static_cast<std::uint64_t>((p.lo & frac_mask) != 0);
  };
  const std::uint64_t cb = std::uint64_t{c} << 2;
  return {pick(odd(cb), odd(cb - 2 + irregular), odd(cb + 2), c & 1), k};
}

/// The digits of a digits17 as text, and how many of them are significant. The text stays in registers and each
/// layout stores it whole, with fixed sizes, rather than placing digits one by one; the point goes in by blending the
/// text with itself moved one byte on, not through memory (a load from bytes just stored at another offset would wait
/// for the stores to complete).
class digit_text {
 public:
  [[gnu::always_inline]] explicit digit_text(const digits17& d) noexcept : last_(static_cast<char>('0' + d.last)) {
    const std::uint64_t hi = d.hi, lo = d.lo;
#if PRISM_SSE2
    // Both halves at once, each 64-bit lane the steps of digit_bytes8: SSE2 halves the multiplies, the bottleneck of
    // the scalar version (x86 is little-endian: lane order is byte order). Where it can, a step packs quotient and
    // remainder with one multiply and one add, as the chain of dependent steps is what a conversion waits on.
    const __m128i v = _mm_unpacklo_epi64(_mm_cvtsi64_si128(static_cast<long long>(lo)),
                                         _mm_cvtsi64_si128(static_cast<long long>(hi)));
    // Each 64-bit lane: y < 10^8 into y / 10^4 (with ceil(2^45 / 10^4), exact below 10^8) and y % 10^4 as
    // y + (y / 10^4) * (2^32 - 10^4): the remainder in the low 32 bits. With the low half in the low lane, reversing
    // the four 32-bit lanes puts them in reading order.
    const __m128i q4 = _mm_srli_epi64(_mm_mul_epu32(v, _mm_set1_epi32(static_cast<int>(3518437209u))), 45);
    const __m128i packed = _mm_add_epi64(v, _mm_mul_epu32(q4, _mm_set1_epi32(-10000)));
    const __m128i y = _mm_shuffle_epi32(packed, _MM_SHUFFLE(0, 1, 2, 3));
    // Each 32-bit lane: y < 10^4 into y / 100 = (y * 5243) >> 19 and y % 100 as two 16-bit lanes.
    const __m128i q2 = _mm_srli_epi16(_mm_mulhi_epu16(y, _mm_set1_epi32(5243)), 3);
    const __m128i r2 = _mm_sub_epi16(y, _mm_mullo_epi16(q2, _mm_set1_epi32(100)));
    const __m128i z = _mm_or_si128(q2, _mm_slli_epi32(r2, 16));
    // Each 16-bit lane: z < 100 into z / 10 = (z * 103) >> 10 and z % 10 as two bytes, (z << 8) - (z / 10) * 2559.
    const __m128i q1 = _mm_mulhi_epu16(z, _mm_set1_epi16(103 << 6));
    const __m128i digits = _mm_sub_epi16(_mm_slli_epi16(z, 8), _mm_mullo_epi16(q1, _mm_set1_epi16(2559)));
    // A count known ahead is a branch, not a select: predicted, it lets the layout and the writer's next value go on
    // before the text is made, as most doubles allow (nine in ten of canada's). Counted inside the branch (else
    // canada's doubles take 7% longer): bsr of the nonzero lanes (the first digit never is zero).
    if (d.significant != 0) {
      n_ = d.significant;
    } else {
      const auto nonzero = static_cast<unsigned>(~_mm_movemask_epi8(_mm_cmpeq_epi8(digits, _mm_setzero_si128())));
      n_ = d.last != 0 ? 17 : static_cast<int>(std::bit_width(nonzero & 0xFFFFu));
    }
    head_ = _mm_or_si128(digits, _mm_set1_epi8('0'));
#else
    head_[0] = digit_bytes8(static_cast<std::uint32_t>(hi));
    head_[1] = digit_bytes8(static_cast<std::uint32_t>(lo));
    if (d.significant != 0) {
      n_ = d.significant;
    } else {
      const int zeros = head_[1] == 0 ? 8 + std::countl_zero(head_[0]) / 8 : std::countl_zero(head_[1]) / 8;
      n_ = d.last != 0 ? 17 : 16 - zeros;
    }
    head_[0] += zeros_text;
    head_[1] += zeros_text;
#endif
  }

  /// Significant digits: 17 less the trailing zeros.
  int significant() const noexcept { return n_; }

  /// All 17 digits at p.
  [[gnu::always_inline]] void put(char* p) const noexcept {
#if PRISM_SSE2
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p), head_);
#else
    store_text(p, head_[0]);
    store_text(p + 8, head_[1]);
#endif
    p[16] = last_;
  }

  /// The digits after the first at p. 16 bytes.
  [[gnu::always_inline]] void put_rest(char* p) const noexcept {
#if PRISM_SSE2
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p), _mm_srli_si128(head_, 1));
#else
    store_text(p, head_[0] >> 8 | head_[1] << 56);
    store_text(p + 8, head_[1] >> 8);
#endif
    p[15] = last_;
  }

  /// The digits at p with a point after the first `point` (0 < point < significant()). 18 bytes.
  [[gnu::always_inline]] void put_with_point(char* p, int point) const noexcept {
#if PRISM_SSE2
    // Bytes before the point from the digits, after it from the digits moved one on: masks from a sliding window.
    alignas(16) static constexpr signed char window[33] = {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                                           -1, -1, -1, -1, -1, -1};
    const auto mask = [](int i) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(window + 17 - i)); };
    const __m128i before = mask(point), through = mask(point + 1);  // bytes < point, bytes <= point
    const __m128i moved = _mm_slli_si128(head_, 1);
    const __m128i dot = _mm_and_si128(_mm_xor_si128(before, through), _mm_set1_epi8('.'));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p),
                     _mm_or_si128(_mm_or_si128(_mm_and_si128(before, head_), _mm_andnot_si128(through, moved)), dot));
    // digit 15 moved to byte 16, or the point there; the last digit to byte 17
    p[16] = point == 16 ? '.' : static_cast<char>(_mm_extract_epi16(head_, 7) >> 8);
    p[17] = last_;
#else
    put(p);
    std::memmove(p + point + 1, p + point, static_cast<std::size_t>(n_ - point));
    p[point] = '.';
#endif
  }

  char first() const noexcept {
#if PRISM_SSE2
    return static_cast<char>(_mm_cvtsi128_si32(head_));
#else
    return static_cast<char>(head_[0]);  // reading order: the first character in the lowest byte
#endif
  }

 private:
#if PRISM_SSE2
  __m128i head_;  // the first 16 digits
#else
  std::uint64_t head_[2];  // the first 16 digits, in reading-order words
#endif
  char last_;
  int n_;
};

/// The len digits of the integer c * 2^q (0 < q, value < 10^22): fixed text past the significand's precision shows
/// the exact binary value, like printf. Rare, so past 64 bits a plain long division by 10^9 over 32-bit limbs.
[[gnu::noinline]] inline char* write_exact_integer(char* out, std::uint64_t c, int q, int len) noexcept {
  const std::uint64_t hi = c >> (64 - q), lo = c << q;
  if (hi == 0) {
    write_digits_backwards(out + len, lo);
    return out + len;
  }
  std::uint32_t limbs[4] = {static_cast<std::uint32_t>(hi >> 32), static_cast<std::uint32_t>(hi),
                            static_cast<std::uint32_t>(lo >> 32), static_cast<std::uint32_t>(lo)};
  std::uint64_t rem = 0;
  for (auto& limb : limbs) {
    const std::uint64_t cur = rem << 32 | limb;
    limb = static_cast<std::uint32_t>(cur / 1000000000);
    rem = cur % 1000000000;
  }
  char* end = out + len;
  end[-9] = static_cast<char>('0' + rem / 100000000);
  store_text(end - 8, digit_bytes8(static_cast<std::uint32_t>(rem % 100000000)) + zeros_text);
  // The quotient is below 10^13, so in the low two limbs; it has the remaining len - 9 >= 11 digits.
  write_digits_backwards(end - 9, static_cast<std::uint64_t>(limbs[2]) << 32 | limbs[3]);
  return end;
}

/// Writes d as std::to_chars does. bits are the value's (a double's, or a float's when not Double), needed only for
/// fixed integers past the significand's precision, whose text is the exact binary value.
template <bool Double>
[[gnu::always_inline]] inline char* write_decimal(char* out, const digits17& d, std::uint64_t bits) noexcept {
  const digit_text text(d);
  const int x = d.x;
  const int n = text.significant();
  const int e = x - n + 1;  // exponent of the last significant digit
  // Fixed unless longer: "0.000123" ties "1.23e-04" at e = -(n + 3), "1230000" ties "1.23e+06" at e = 5 (one digit
  // drops the point from scientific, so one less each way).
  const int one = n == 1;
  const int lowest = -(n + 3) + one, highest = 5 - one;
  // One unsigned range check: two signed ones would be a branch on the exponent's sign, a coin toss on random data.
  if (static_cast<unsigned>(e - lowest) <= static_cast<unsigned>(highest - lowest)) {
    const int point = x + 1;  // digits before the point
    if (e >= 0) {
      constexpr int significand_bits = Double ? 52 : 23, bias = Double ? 1075 : 150;
      const int q = static_cast<int>(bits >> significand_bits & (Double ? 0x7FF : 0xFF)) - bias;
      if (e > 0 && q > 0) [[unlikely]] {
        const std::uint64_t implicit = std::uint64_t{1} << significand_bits;
        const std::uint64_t c = (bits & (implicit - 1)) | implicit;
        return write_exact_integer(out, c, q, point);
      }
      text.put(out);  // below 2^53: the zeros after the significant digits are among those written
      return out + point;
    }
    if (point > 0) {
      text.put_with_point(out, point);
      return out + n + 1;
    }
    std::memcpy(out, "0.000", 5);
    text.put(out + 2 - point);  // after 0..3 zeros
    return out + 2 - e;
  }
  // Scientific: "d.ddd", or "d" alone (the exponent then overwrites the point).
  out[0] = text.first();
  out[1] = '.';
  text.put_rest(out + 2);
  char* p = out + n + (n > 1);
  std::memcpy(p, x < 0 ? "e-" : "e+", 2);
  const auto ax = static_cast<std::uint32_t>(x < 0 ? -x : x);
  const int hundreds = ax >= 100;
  p[2] = static_cast<char>('0' + ax / 100);  // overwritten below when there is no hundreds digit
  std::memcpy(p + 2 + hundreds, digit_pairs + 2 * (ax % 100), 2);
  return p + 4 + hundreds;
}

}  // namespace dtoa_impl

/// Writes a finite double as its shortest round-trip decimal text, byte-identical to std::to_chars(first, last, v):
/// "0.1", "-0", "1e+300", "5e-324", "10000", "1e+05". out needs max_double_chars of room; bytes between the returned
/// end and out + max_double_chars may be overwritten. Returns the end of the text. write_double is a call;
/// write_double_inline the same code inlined, for loops over many numbers, where a call that saves and restores
/// registers costs 5-7% (canada; a record's few numbers are faster with the call).
[[gnu::always_inline]] inline char* write_double_inline(char* out, double v) noexcept {
  const auto bits = std::bit_cast<std::uint64_t>(v);
  *out = '-';
  out += bits >> 63;
  const std::uint64_t fraction = bits & ((std::uint64_t{1} << 52) - 1);
  const auto biased = static_cast<int>((bits >> 52) & 0x7FF);
  dtoa_impl::digits17 d;
  const bool fast = fraction != 0 && biased != 0 &&  // normal, with a regular interval
                    dtoa_impl::to_digits64_fast(fraction | (std::uint64_t{1} << 52), biased - 1075, d);
  if (!fast) [[unlikely]] {
    if ((bits << 1) == 0) {
      *out = '0';
      return out + 1;
    }
    d = dtoa_impl::normalize(dtoa_impl::to_decimal64_exact(fraction, biased));
  }
  return dtoa_impl::write_decimal<true>(out, d, bits);
}

[[gnu::noinline]] inline char* write_double(char* out, double v) noexcept { return write_double_inline(out, v); }

/// Writes a finite float as its shortest round-trip decimal text as a float (0.1f is "0.1"), byte-identical to
/// std::to_chars(first, last, v). out needs max_float_chars of room, which may be overwritten past the returned end.
/// A call, and inlined (see write_double).
[[gnu::always_inline]] inline char* write_float_inline(char* out, float v) noexcept {
  const auto bits = std::bit_cast<std::uint32_t>(v);
  *out = '-';
  out += bits >> 31;
  const std::uint32_t fraction = bits & ((std::uint32_t{1} << 23) - 1);
  const auto biased = static_cast<int>((bits >> 23) & 0xFF);
  dtoa_impl::digits17 d;
  const bool fast = fraction != 0 && biased != 0 &&
                    dtoa_impl::to_digits32_fast(fraction | (std::uint32_t{1} << 23), biased - 150, d);
  if (!fast) [[unlikely]] {
    if ((bits << 1) == 0) {
      *out = '0';
      return out + 1;
    }
    // Subnormals share the lowest exponent's scale; there the interval is regular on both sides.
    const std::uint32_t c = biased == 0 ? fraction : fraction | (std::uint32_t{1} << 23);
    d = dtoa_impl::normalize(dtoa_impl::to_decimal32(c, (biased == 0 ? 1 : biased) - 150, fraction == 0 && biased > 1));
  }
  return dtoa_impl::write_decimal<false>(out, d, bits);
}
[[gnu::noinline]] inline char* write_float(char* out, float v) noexcept { return write_float_inline(out, v); }

}  // namespace prism::json::detail
