// prism: the pieces of JSON string escaping and UTF-8 validation.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "../../core/detail/simd.hpp"

#if PRISM_SSE2 && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define PRISM_AVX2_STRINGS 1  ///< long strings take a 32-byte AVX2 path when the CPU has it, chosen at run time
#endif

// Sanitizers that track memory (AddressSanitizer, HWAddressSanitizer, ThreadSanitizer, MemorySanitizer) rightly
// report the whole-block reads past a string's end that plain builds allow themselves (see may_overread), so those
// builds do without them; g++ and clang say a sanitizer is on in different ways. Define PRISM_NO_OVERREAD for other
// tools that would (Valgrind's memcheck).
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__) || defined(__SANITIZE_HWADDRESS__)
#define PRISM_NO_OVERREAD 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(hwaddress_sanitizer) || __has_feature(thread_sanitizer) || \
    __has_feature(memory_sanitizer)
#define PRISM_NO_OVERREAD 1
#endif
#endif

namespace prism::json::detail {

/// What to write for each ASCII byte: 0 copies it, 'u' means \u00XX, anything else is the letter after '\'.
inline constexpr auto escape_letters = [] {
  struct table {
    char v[128];
  } t{};
  for (int c = 0; c < 0x20; ++c) t.v[c] = 'u';
  t.v['\b'] = 'b';
  t.v['\t'] = 't';
  t.v['\n'] = 'n';
  t.v['\f'] = 'f';
  t.v['\r'] = 'r';
  t.v['"'] = '"';
  t.v['\\'] = '\\';
  return t;
}();

inline constexpr char hex_digits[] = "0123456789abcdef";

/// Eight bytes as one little-endian word, so "first special byte" is the lowest set bit on every machine.
inline std::uint64_t load_le64(const unsigned char* p) noexcept {
  std::uint64_t x;
  std::memcpy(&x, p, 8);
  if constexpr (std::endian::native == std::endian::big) {
    x = ((x & 0x00000000FFFFFFFFull) << 32) | ((x & 0xFFFFFFFF00000000ull) >> 32);
    x = ((x & 0x0000FFFF0000FFFFull) << 16) | ((x & 0xFFFF0000FFFF0000ull) >> 16);
    x = ((x & 0x00FF00FF00FF00FFull) << 8) | ((x & 0xFF00FF00FF00FF00ull) >> 8);
  }
  return x;
}

/// High bit set in each byte of x that needs attention in a JSON string: '"', '\\', a control byte, or
/// non-ASCII. Exact for the lowest flagged byte, which is all the caller uses (borrows only travel upward).
constexpr std::uint64_t special_bytes(std::uint64_t x) noexcept {
  constexpr std::uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;
  std::uint64_t control = x - ones * 0x20;
  std::uint64_t quote = (x ^ (ones * '"')) - ones;
  std::uint64_t backslash = (x ^ (ones * '\\')) - ones;
  return ((control | quote | backslash) & ~x & high) | (x & high);
}

/// Length of the valid UTF-8 sequence at p (1..4), or minus the length of its maximal invalid
/// prefix (the bytes one U+FFFD replaces, per Unicode's "maximal subpart" practice). n > 0.
inline int utf8_sequence(const unsigned char* p, std::size_t n, char32_t& cp) noexcept {
  unsigned char b0 = p[0];
  if (b0 < 0x80) {
    cp = b0;
    return 1;
  }
  int len;
  unsigned char lo = 0x80, hi = 0xBF;  // the allowed range of the second byte
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    len = 2;
    cp = b0 & 0x1Fu;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    len = 3;
    cp = b0 & 0x0Fu;
    if (b0 == 0xE0) lo = 0xA0;       // no overlong forms
    else if (b0 == 0xED) hi = 0x9F;  // no surrogates
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    len = 4;
    cp = b0 & 0x07u;
    if (b0 == 0xF0) lo = 0x90;       // no overlong forms
    else if (b0 == 0xF4) hi = 0x8F;  // nothing above U+10FFFF
  } else {
    return -1;
  }
  for (int i = 1; i < len; ++i) {
    if (static_cast<std::size_t>(i) >= n) return -i;
    unsigned char b = p[i];
    if (b < lo || b > hi) return -i;
    lo = 0x80;
    hi = 0xBF;
    cp = (cp << 6) | (b & 0x3Fu);
  }
  return len;
}

/// Writes \uXXXX for a BMP code point; returns the end. Needs 6 bytes.
inline char* write_u_escape(char* out, unsigned v) noexcept {
  out[0] = '\\';
  out[1] = 'u';
  out[2] = hex_digits[(v >> 12) & 0xF];
  out[3] = hex_digits[(v >> 8) & 0xF];
  out[4] = hex_digits[(v >> 4) & 0xF];
  out[5] = hex_digits[v & 0xF];
  return out + 6;
}

/// A control byte, '"' or '\\' as its escape sequence; returns the end. Needs 6 bytes.
inline char* write_ascii_escape(char* out, unsigned char c) noexcept {
  char letter = escape_letters.v[c];
  if (letter == 'u') return write_u_escape(out, c);
  out[0] = '\\';
  out[1] = letter;
  return out + 2;
}

/// \uXXXX, or a surrogate pair above U+FFFF. Needs 12 bytes.
inline char* write_code_point_escaped(char* out, char32_t cp) noexcept {
  if (cp < 0x10000) return write_u_escape(out, cp);
  cp -= 0x10000;
  out = write_u_escape(out, 0xD800 + (cp >> 10));
  return write_u_escape(out, 0xDC00 + (cp & 0x3FF));
}

#if PRISM_SSE2
/// 16 bytes at a time with SSE2, the x86-64 baseline: which bytes need escaping and which break UTF-8.
/// Validation is the continuation-counting method: every byte after a lead byte must be a continuation
/// byte and no other byte may be one, plus the range checks that exclude overlong forms, surrogates,
/// values above U+10FFFF and the bytes C0, C1 and F5..FF. The block must start at a sequence boundary;
/// a sequence left open at its end is not an error but reported in `open`, for the caller to cut there.
struct utf8_block {
  unsigned escapes;  ///< bit i: byte i is a control byte, '"' or '\\'
  unsigned errors;   ///< bit i: byte i is where a UTF-8 rule is broken
  unsigned open;     ///< bit i: a sequence starting at byte i runs past the block
  unsigned high;     ///< bit i: byte i is not ASCII
};

/// FF in the first 32 bytes, 0 in the rest: loaded from 32 - n, a mask of n leading lanes of a 16- or 32-byte block.
alignas(32) inline constexpr unsigned char leading_lanes[64] = {
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};

/// Whether a whole block of `width` bytes may be loaded from p though the text there ends sooner: when the block
/// lies within one page, no fault is possible, and the bytes past the end are never used. Never under the
/// sanitizers that would rightly flag the read, nor with PRISM_NO_OVERREAD. Load through unseen(p).
inline bool may_overread(const unsigned char* p, std::size_t width) noexcept {
#if defined(PRISM_NO_OVERREAD)
  (void)p, (void)width;
  return false;
#else
  return (reinterpret_cast<std::uintptr_t>(p) & 4095) <= 4096 - width;
#endif
}

/// p, through an empty asm that hides which object it points into, so the compiler does not flag a deliberate
/// overread (see may_overread).
inline const unsigned char* unseen(const unsigned char* p) noexcept {
  asm("" : "+r"(p));
  return p;
}

/// The last n < 16 bytes of a text, padded with spaces: plain ASCII, so an unfinished sequence at the end
/// shows as an error. Loaded at once where may_overread allows, else copied. Short strings are the common case,
/// so this matters.
inline __m128i load_tail(const unsigned char* p, std::size_t n) noexcept {
  if (n == 0) return _mm_set1_epi8(' ');  // an empty view may have no address at all
  __m128i keep = _mm_loadu_si128(reinterpret_cast<const __m128i*>(leading_lanes + 32 - n));  // n lanes of FF
  __m128i v;
  if (may_overread(p, 16)) {
    v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(unseen(p)));
  } else {
    alignas(16) unsigned char tail[16] = {};
    std::memcpy(tail, p, n);
    v = _mm_load_si128(reinterpret_cast<const __m128i*>(tail));
  }
  return _mm_or_si128(_mm_and_si128(keep, v), _mm_andnot_si128(keep, _mm_set1_epi8(' ')));
}

/// Whether the 16 bytes of v go into a JSON string as they are: ASCII, and no control byte, '"' or '\\'.
/// Bit i set where byte i of v is a control byte, '"', '\\' or from 0x80 up: not plain ASCII text.
inline unsigned special_bits(__m128i v) noexcept {
  // signed, bytes from 0x80 up are negative: one compare finds them and the control bytes
  const __m128i special = _mm_or_si128(_mm_cmplt_epi8(v, _mm_set1_epi8(0x20)),
                                       _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))));
  return static_cast<unsigned>(_mm_movemask_epi8(special));
}

inline bool plain_ascii(__m128i v) noexcept { return special_bits(v) == 0; }

inline utf8_block scan_block(__m128i v) noexcept {
  const __m128i zero = _mm_setzero_si128();
  auto at_least = [&](__m128i x, char t) {  // unsigned x >= t
    return _mm_cmpeq_epi8(_mm_subs_epu8(_mm_set1_epi8(t), x), zero);
  };
  auto equal = [](__m128i x, char t) { return _mm_cmpeq_epi8(x, _mm_set1_epi8(t)); };

  __m128i control = _mm_cmpeq_epi8(_mm_max_epu8(v, _mm_set1_epi8(0x1F)), _mm_set1_epi8(0x1F));
  __m128i escapes = _mm_or_si128(control, _mm_or_si128(equal(v, '"'), equal(v, '\\')));
  auto escape_bits = static_cast<unsigned>(_mm_movemask_epi8(escapes));
  auto high = static_cast<unsigned>(_mm_movemask_epi8(v));
  if (high == 0) return {escape_bits, 0, 0, 0};

  __m128i prev1 = _mm_slli_si128(v, 1), prev2 = _mm_slli_si128(v, 2), prev3 = _mm_slli_si128(v, 3);
  __m128i must_continue = _mm_or_si128(at_least(prev1, char(0xC0)),
                                       _mm_or_si128(at_least(prev2, char(0xE0)), at_least(prev3, char(0xF0))));
  __m128i is_continuation = _mm_cmplt_epi8(v, _mm_set1_epi8(char(0xC0)));  // signed: 80..BF are the lowest
  __m128i errors = _mm_xor_si128(must_continue, is_continuation);
  errors = _mm_or_si128(errors, at_least(v, char(0xF5)));
  errors = _mm_or_si128(errors, equal(_mm_and_si128(v, _mm_set1_epi8(char(0xFE))), char(0xC0)));
  __m128i overlong3 = _mm_andnot_si128(at_least(v, char(0xA0)), equal(prev1, char(0xE0)));
  __m128i surrogate = _mm_and_si128(at_least(v, char(0xA0)), equal(prev1, char(0xED)));
  __m128i overlong4 = _mm_andnot_si128(at_least(v, char(0x90)), equal(prev1, char(0xF0)));
  __m128i too_large = _mm_and_si128(at_least(v, char(0x90)), equal(prev1, char(0xF4)));
  errors = _mm_or_si128(errors, _mm_or_si128(_mm_or_si128(overlong3, surrogate), _mm_or_si128(overlong4, too_large)));

  // Lead bytes too close to the end: of 4 bytes at 13, of 3+ at 14, of 2+ at 15.
  const __m128i open_limits = _mm_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, char(0xEF),
                                            char(0xDF), char(0xBF));
  auto open = ~static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_subs_epu8(v, open_limits), zero))) & 0xE000u;
  return {escape_bits, static_cast<unsigned>(_mm_movemask_epi8(errors)), open, high};
}
#endif

#if defined(PRISM_AVX2_STRINGS)
/// Where a bulk copy stopped: the next output byte and the next input byte.
struct copy_progress {
  char* out;
  const unsigned char* in;
};

// A lambda would not inherit the target attribute, so the helper is a function.
[[gnu::target("avx2")]] inline __m256i equal_avx2(__m256i x, char t) noexcept {
  return _mm256_cmpeq_epi8(x, _mm256_set1_epi8(t));
}

/// Bit i set where byte i of v is a control byte, '"' or '\\'.
[[gnu::target("avx2")]] inline unsigned escape_bits_avx2(__m256i v) noexcept {
  // v ^ 2 is below 0x21 exactly for the control bytes (which stay below 0x20) and '"' (0x22 becomes 0x20)
  const __m256i flipped = _mm256_xor_si256(v, _mm256_set1_epi8(2));
  const __m256i control_or_quote = _mm256_cmpeq_epi8(_mm256_min_epu8(flipped, _mm256_set1_epi8(0x20)), flipped);
  return static_cast<unsigned>(_mm256_movemask_epi8(_mm256_or_si256(control_or_quote, equal_avx2(v, '\\'))));
}

/// The last n < 32 bytes of a text at p as one block, padded with spaces, where may_overread allows; false
/// otherwise.
[[gnu::target("avx2")]] inline bool load_tail_avx2(const unsigned char* p, std::size_t n, __m256i& v) noexcept {
  if (!may_overread(p, 32)) return false;
  const __m256i keep = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(leading_lanes + 32 - n));  // n lanes of FF
  v = _mm256_blendv_epi8(_mm256_set1_epi8(' '), _mm256_loadu_si256(reinterpret_cast<const __m256i*>(unseen(p))), keep);
  return true;
}

/// Nonzero bytes where v breaks a UTF-8 rule, `before` being the 32 bytes that precede v (zeros after a restart at
/// a sequence boundary), so that a sequence running across the two blocks is checked here. A lead byte near v's end
/// whose sequence runs past it is not an error yet: the next block checks it (see open_at_end_avx2).
/// The lookup method of Keiser and Lemire: the high nibble of a byte, and the high and low nibbles of the byte
/// before it, each index a table of the rules that pair could break; a rule is broken where all three agree.
/// Bytes that must continue a 3- or 4-byte sequence are known from the bytes 2 and 3 back.
[[gnu::target("avx2")]] inline __m256i utf8_errors_avx2(__m256i v, __m256i before) noexcept {
  // byte i's predecessors, across the lane boundary and into `before`
  const __m256i shifted_in = _mm256_permute2x128_si256(before, v, 0x21);
  const __m256i prev1 = _mm256_alignr_epi8(v, shifted_in, 15), prev2 = _mm256_alignr_epi8(v, shifted_in, 14),
                prev3 = _mm256_alignr_epi8(v, shifted_in, 13);
  constexpr char too_short = 1 << 0, too_long = 1 << 1, overlong3 = 1 << 2, too_large = 1 << 3,
                 surrogate = 1 << 4, overlong2 = 1 << 5, too_large_1000 = 1 << 6, overlong4 = 1 << 6;
  constexpr char two_conts = char(1 << 7), carry = too_short | too_long | two_conts;
  const __m256i nibble = _mm256_set1_epi8(0x0F);
  const __m256i byte1_high = _mm256_shuffle_epi8(
      _mm256_setr_epi8(too_long, too_long, too_long, too_long, too_long, too_long, too_long, too_long, two_conts,
                       two_conts, two_conts, two_conts, too_short | overlong2, too_short,
                       too_short | overlong3 | surrogate, too_short | too_large | too_large_1000 | overlong4,
                       too_long, too_long, too_long, too_long, too_long, too_long, too_long, too_long, two_conts,
                       two_conts, two_conts, two_conts, too_short | overlong2, too_short,
                       too_short | overlong3 | surrogate, too_short | too_large | too_large_1000 | overlong4),
      _mm256_and_si256(_mm256_srli_epi16(prev1, 4), nibble));
  constexpr char big = carry | too_large | too_large_1000;
  const __m256i byte1_low = _mm256_shuffle_epi8(
      _mm256_setr_epi8(carry | overlong3 | overlong2 | overlong4, carry | overlong2, carry, carry, carry | too_large,
                       big, big, big, big, big, big, big, big, big | surrogate, big, big,
                       carry | overlong3 | overlong2 | overlong4, carry | overlong2, carry, carry, carry | too_large,
                       big, big, big, big, big, big, big, big, big | surrogate, big, big),
      _mm256_and_si256(prev1, nibble));
  constexpr char cont8 = too_long | overlong2 | two_conts | overlong3 | too_large_1000 | overlong4;
  constexpr char cont9 = too_long | overlong2 | two_conts | overlong3 | too_large;
  constexpr char cont_ab = too_long | overlong2 | two_conts | surrogate | too_large;
  const __m256i byte2_high = _mm256_shuffle_epi8(
      _mm256_setr_epi8(too_short, too_short, too_short, too_short, too_short, too_short, too_short, too_short, cont8,
                       cont9, cont_ab, cont_ab, too_short, too_short, too_short, too_short, too_short, too_short,
                       too_short, too_short, too_short, too_short, too_short, too_short, cont8, cont9, cont_ab,
                       cont_ab, too_short, too_short, too_short, too_short),
      _mm256_and_si256(_mm256_srli_epi16(v, 4), nibble));
  const __m256i special = _mm256_and_si256(_mm256_and_si256(byte1_high, byte1_low), byte2_high);
  const __m256i must23 = _mm256_or_si256(_mm256_subs_epu8(prev2, _mm256_set1_epi8(char(0xE0 - 1))),
                                         _mm256_subs_epu8(prev3, _mm256_set1_epi8(char(0xF0 - 1))));
  // nonzero where a byte must continue a sequence: 0x80 there, to cancel the two_conts rule
  const __m256i must23_80 =
      _mm256_andnot_si256(_mm256_cmpeq_epi8(must23, _mm256_setzero_si256()), _mm256_set1_epi8(char(0x80)));
  return _mm256_xor_si256(must23_80, special);
}

/// Bit i set where a lead byte of v starts a sequence that runs past v's end (of 4 bytes at 29, of 3+ at 30, of
/// 2+ at 31).
[[gnu::target("avx2")]] inline unsigned open_at_end_avx2(__m256i v) noexcept {
  const __m256i limits = _mm256_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                          -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, char(0xEF), char(0xDF), char(0xBF));
  const __m256i within = _mm256_cmpeq_epi8(_mm256_subs_epu8(v, limits), _mm256_setzero_si256());
  return ~static_cast<unsigned>(_mm256_movemask_epi8(within)) & 0xE0000000u;
}

/// How many bytes before p (1 to 3) the lead byte of a sequence that runs on past p lies, or 0. p starts a block
/// after a valid one, so the bytes before it are whole sequences but for the last, which may be open.
inline int back_to_lead(const unsigned char* p) noexcept {
  for (int k = 1; k <= 3; ++k) {
    const unsigned char b = p[-k];
    if (b >= 0xC0) return (b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2) > k ? k : 0;
  }
  return 0;
}

/// The 32-byte path for CPUs with AVX2 (see has_avx2), validating by table lookups, which SSE2 lacks. Copies
/// text while it is valid UTF-8 (or ASCII when `ascii_only`), escaping control bytes, '"' and '\\' in line, and
/// stops at a sequence boundary before the first block that breaks a rule, when fewer than 40 bytes of output room
/// are left, or at a last block of under 32 bytes that load_tail_avx2 cannot load; the caller's 16-byte loop takes
/// over from there. Whole blocks follow one another at a fixed stride, a sequence that crosses from one into the
/// next being checked in the next, so where a block ends never waits for its validation; the escapes of a whole
/// block are written in place, each followed by the rest of the block. Compiled for AVX2 alone, so never inlined
/// into baseline code.
[[gnu::target("avx2")]] inline copy_progress copy_plain_avx2(char* out, const char* out_end, const unsigned char* p,
                                                           const unsigned char* e, bool ascii_only) noexcept {
  const __m256i zero = _mm256_setzero_si256();
  __m256i before = zero;     // the block before p, whose last bytes may start a sequence that p continues
  unsigned before_high = 0;  // its non-ASCII bytes
  // Whole blocks.
  while (e - p >= 32) {
    if (out_end - out < 40) goto stop;
    const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    const auto high = static_cast<unsigned>(_mm256_movemask_epi8(v));
    if ((high | before_high >> 29) != 0) {  // non-ASCII here, or in the 3 bytes before, which may start a sequence
      if (ascii_only) goto stop;
      const __m256i errors = utf8_errors_avx2(v, before);
      // the text's last block must not end inside a sequence
      if (!_mm256_testz_si256(errors, errors) || (e - p == 32 && open_at_end_avx2(v) != 0)) goto stop;
    }
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out), v);
    unsigned escape_bits = escape_bits_avx2(v);
    unsigned from = 0;  // the block's bytes before `from` are written
    while (escape_bits != 0) [[unlikely]] {
      const auto i = static_cast<unsigned>(std::countr_zero(escape_bits));
      escape_bits &= escape_bits - 1;
      out += i - from;  // the bytes before the escape are in place
      if (out_end - out < 6 + 32) {  // no room for the escape and the rest of the block: stop at the escape
        p += i;
        before_high = 0;  // p is ASCII: nothing runs into it
        goto stop;
      }
      out = write_ascii_escape(out, p[i]);
      from = i + 1;
      const unsigned char* rest = p + from;
      if (e - rest >= 32 || (rest != e && may_overread(rest, 32))) {  // at e, rest may be the next page's start
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out),
                            _mm256_loadu_si256(reinterpret_cast<const __m256i*>(unseen(rest))));
      } else {
        std::memcpy(out, rest, 32 - from);
      }
    }
    out += 32 - from;
    p += 32;
    before = v;
    before_high = high;
  }
  // The last block, of 1 to 31 bytes, escape after escape.
  while (p != e) {
    if (out_end - out < 40) goto stop;
    const auto left = static_cast<std::size_t>(e - p);
    __m256i v;
    if (!load_tail_avx2(p, left, v)) goto stop;
    const auto high = static_cast<unsigned>(_mm256_movemask_epi8(v));
    unsigned error_bits = 0;
    if ((high | before_high >> 29) != 0) {
      if (ascii_only) goto stop;
      error_bits = ~static_cast<unsigned>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(utf8_errors_avx2(v, before), zero)));
    }
    const unsigned escape_bits = escape_bits_avx2(v);
    // take the bytes before the first escape, or all; the byte after them must follow the rules too
    unsigned step = escape_bits != 0 ? static_cast<unsigned>(std::countr_zero(escape_bits)) : 32;
    const bool at_escape = step < left;
    if (!at_escape) step = static_cast<unsigned>(left);  // the padding shows a sequence cut off by the end
    if ((error_bits & ((std::uint64_t{2} << step) - 1)) != 0) goto stop;
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out), v);
    out += step;
    p += step;
    if (!at_escape) break;
    out = write_ascii_escape(out, *p++);
    before = zero;  // the escaped byte is ASCII: nothing runs across it
    before_high = 0;
  }
  _mm256_zeroupper();
  return {out, p};
stop:
  // Stopped at the start of a block: when the block before ends in a sequence that runs on past p, step back to
  // its lead byte. Lead and continuation bytes are copied as they are, so the output steps back as far.
  if (before_high >> 29 != 0) {
    const int k = back_to_lead(p);
    p -= k;
    out -= k;
  }
  _mm256_zeroupper();
  return {out, p};
}

/// The reader's 32-byte path (see has_avx2): from p, at a sequence boundary, over whole blocks of valid UTF-8 to the
/// first control byte, '"' or '\\', which it returns (stopped = true); or, not stopped, to a sequence boundary before
/// the first block that breaks a rule or before a last block of under 32 bytes, where scan_plain's 16-byte loop
/// takes over and finds the byte an error is at. The table lookups validate non-ASCII text in fewer steps than SSE2
/// can (twitter, two thirds of it skipped but validated, read 10% faster on the Intel Xeon).
[[gnu::target("avx2")]] inline const unsigned char* scan_plain_avx2(const unsigned char* p, const unsigned char* e,
                                                                   bool& stopped) noexcept {
  const __m256i zero = _mm256_setzero_si256();
  __m256i before = zero;     // the block before p, whose last bytes may start a sequence that p continues
  unsigned before_high = 0;  // its non-ASCII bytes
  stopped = false;
  while (e - p >= 32) {
    const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    const unsigned escape_bits = escape_bits_avx2(v);
    const auto high = static_cast<unsigned>(_mm256_movemask_epi8(v));
    if ((high | before_high >> 29) != 0) {  // non-ASCII here, or in the 3 bytes before, which may start a sequence
      const auto error_bits =
          ~static_cast<unsigned>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(utf8_errors_avx2(v, before), zero)));
      // the text up to the stop, and the stop itself, which may cut a sequence short; after it is not text
      const std::uint64_t text = escape_bits != 0 ? (std::uint64_t{2} << std::countr_zero(escape_bits)) - 1 : ~0u;
      if ((error_bits & text) != 0) break;
    }
    if (escape_bits != 0) {
      stopped = true;
      _mm256_zeroupper();
      return p + std::countr_zero(escape_bits);
    }
    p += 32;
    before = v;
    before_high = high;
  }
  if (before_high >> 29 != 0) p -= back_to_lead(p);  // a sequence that runs from the block before into p
  _mm256_zeroupper();
  return p;
}

/// Whether this CPU runs the 32-byte paths (copy_plain_avx2, scan_plain_avx2); asked once per process.
inline bool has_avx2() noexcept {
  static const bool yes = __builtin_cpu_supports("avx2");
  return yes;
}
#endif

/// Length of s once escaped, for keys rendered at compile time (names are taken as valid UTF-8).
constexpr std::size_t escaped_size(const char* s, std::size_t n) noexcept {
  std::size_t k = 0;
  for (std::size_t i = 0; i < n; ++i) {
    auto c = static_cast<unsigned char>(s[i]);
    char e = c < 128 ? escape_letters.v[c] : 0;
    k += e == 0 ? 1 : e == 'u' ? 6 : 2;
  }
  return k;
}

/// Escapes s into out at compile time; returns the end.
constexpr char* escape_into(char* out, const char* s, std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i) {
    auto c = static_cast<unsigned char>(s[i]);
    char e = c < 128 ? escape_letters.v[c] : 0;
    if (e == 0) {
      *out++ = s[i];
    } else if (e == 'u') {
      *out++ = '\\';
      *out++ = 'u';
      *out++ = '0';
      *out++ = '0';
      *out++ = hex_digits[c >> 4];
      *out++ = hex_digits[c & 0xF];
    } else {
      *out++ = '\\';
      *out++ = e;
    }
  }
  return out;
}

}  // namespace prism::json::detail
