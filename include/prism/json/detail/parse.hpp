// prism: the JSON tokenizer under the typed reader (read.hpp) and validation (validate, `prism check`):
// whitespace, literals, numbers, strings and skipping whole values, over contiguous input. Strict RFC 8259.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "../../core/result.hpp"
#include "../../io/sink.hpp"
#include "../options.hpp"
#include "from_decimal.hpp"
#include "strings.hpp"

namespace prism::json::detail {

/// Everything a read needs: the input, the cursor, the options, the nesting depth and the first error.
/// Functions return false on error after recording it here; callers add their path segment and return.
struct read_context {
  const char* begin;
  const char* end;
  const char* p;  ///< the cursor; hot loops copy it to a local and store it back
  const read_options& opts;
  std::size_t depth = 0;
  bool reusing = false;     ///< reading over an old container element: absent fields get their defaults
  std::size_t alloc_left;   ///< what is left of read_options::max_alloc_bytes (see charge)
  error err{};              ///< err.path collects segments innermost first as the error unwinds
  std::string scratch;      ///< keys with escapes, decoded

  read_context(std::string_view in, const read_options& o)
      : begin(in.data()), end(in.data() + in.size()), p(begin), opts(o), alloc_left(o.max_alloc_bytes) {
    err.path.clear();
  }
};

/// What the text at p is, for "expected X, found Y" messages.
inline std::string describe_found(const char* p, const char* e) {
  if (p == e) return "end of input";
  switch (*p) {
    case '"': return "string";
    case '{': return "object";
    case '[': return "array";
    case 't':
    case 'f':
    case 'n': {
      const std::string_view literal = *p == 't' ? "true" : *p == 'f' ? "false" : "null";
      if (static_cast<std::size_t>(e - p) >= literal.size() && std::string_view(p, literal.size()) == literal)
        return *p == 'n' ? "null" : "boolean";
      const char* q = p;  // not a literal: the word that is there ('tru', 'trailing'), as a stream frames it
      while (q != e && q - p < 16 && *q >= 'a' && *q <= 'z') ++q;
      std::string word = "'";  // appended, not concatenated: g++ 12 at -O3 warns falsely (-Wrestrict) of the latter
      return word.append(p, q).append("'");
    }
    default: break;
  }
  if (*p == '-' || (*p >= '0' && *p <= '9')) return "number";
  auto c = static_cast<unsigned char>(*p);
  if (c >= 0x20 && c < 0x7F) return std::string("'") + static_cast<char>(c) + "'";
  static constexpr char hex[] = "0123456789ABCDEF";
  return std::string("byte 0x") + hex[c >> 4] + hex[c & 15];
}

/// Records the first error; always returns false.
[[gnu::cold, gnu::noinline]] inline bool fail(read_context& c, error_code code, const char* where, std::string what = {}) {
  if (c.err.code == error_code::none) {
    c.err.code = code;
    c.err.offset = static_cast<std::size_t>(where - c.begin);
    c.err.detail = std::move(what);
  }
  return false;
}

/// "expected <what>, found <the token at where>"; type_mismatch unless a syntax error is meant.
[[gnu::cold, gnu::noinline]] inline bool fail_expected(read_context& c, const char* what, const char* where,
                                                       error_code code = error_code::type_mismatch) {
  if (where == c.end) code = error_code::unexpected_end;
  else if (std::string_view("\"{[tfn-0123456789").find(*where) == std::string_view::npos) code = error_code::syntax_error;
  return fail(c, code, where, std::string("expected ") + what + ", found " + describe_found(where, c.end));
}

/// A key an object has named before, under read_options::reject_duplicate_keys; `at` is its opening quote.
[[gnu::cold, gnu::noinline]] inline bool fail_duplicate_key(read_context& c, const char* at, std::string_view key) {
  return fail(c, error_code::duplicate_key, at, "duplicate key \"" + std::string(key) + "\"");
}

[[gnu::cold, gnu::noinline]] inline bool fail_alloc(read_context& c) {
  return fail(c, error_code::limit_exceeded, c.p,
              "the elements read would take more than read_options::max_alloc_bytes (" +
                  std::to_string(c.opts.max_alloc_bytes) + " bytes)");
}

/// Counts `n` new elements of type V against read_options::max_alloc_bytes before they are made: a short text can
/// ask for elements far out of proportion to it ("[{},{},...]" into large records). False when they would go past.
template <class V>
[[gnu::always_inline]] inline bool charge(read_context& c, std::size_t n = 1) {
  if (n > c.alloc_left / sizeof(V)) [[unlikely]]
    return fail_alloc(c);
  c.alloc_left -= n * sizeof(V);
  return true;
}

#if defined(PRISM_AVX2_STRINGS)
/// count_bytes over whole 64-byte steps of [p, e) (p moves past them), on CPUs with AVX2: a stream's lines are
/// counted as each window moves on, and this counts a 1 MiB window's newlines in 10 us where SSE2 took 23.
[[gnu::target("avx2,popcnt")]] inline std::size_t count_bytes_avx2(const char*& p, const char* e, unsigned char mask,
                                                                   unsigned char value) noexcept {
  const __m256i m = _mm256_set1_epi8(static_cast<char>(mask)), v = _mm256_set1_epi8(static_cast<char>(value));
  std::size_t n = 0;
  for (; e - p >= 64; p += 64) {
    const __m256i lo = _mm256_and_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)), m);
    const __m256i hi = _mm256_and_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32)), m);
    const auto lo_bits = static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(lo, v)));
    const auto hi_bits = static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(hi, v)));
    n += static_cast<std::size_t>(__builtin_popcountll((std::uint64_t{hi_bits} << 32) | lo_bits));
  }
  return n;
}
#endif

/// How many bytes b of [p, e) have (b & mask) == value: 64 a step with AVX2 (on long stretches), 16 with SSE2, 8
/// otherwise.
inline std::size_t count_bytes(const char* p, const char* e, unsigned char mask, unsigned char value) noexcept {
  std::size_t n = 0;
#if defined(PRISM_AVX2_STRINGS)
  if (e - p >= 1024 && has_avx2()) n = count_bytes_avx2(p, e, mask, value);
#endif
#if PRISM_SSE2
  const __m128i m = _mm_set1_epi8(static_cast<char>(mask)), v = _mm_set1_epi8(static_cast<char>(value));
  while (e - p >= 16) {
    __m128i counts = _mm_setzero_si128();  // per byte lane, up to 255 steps before the lanes are summed
    const char* stop = p + std::min<std::ptrdiff_t>((e - p) / 16, 255) * 16;
    for (; p != stop; p += 16) {
      const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
      counts = _mm_sub_epi8(counts, _mm_cmpeq_epi8(_mm_and_si128(x, m), v));
    }
    const __m128i sums = _mm_sad_epu8(counts, _mm_setzero_si128());  // two sums of eight lanes
    n += static_cast<std::size_t>(_mm_cvtsi128_si32(sums)) + static_cast<std::size_t>(_mm_extract_epi16(sums, 4));
  }
#else
  constexpr std::uint64_t ones = 0x0101010101010101, highs = 0x8080808080808080;
  for (; e - p >= 8; p += 8) {
    std::uint64_t x;
    std::memcpy(&x, p, 8);
    x = (x & ones * mask) ^ ones * value;  // the matching bytes are now the zero ones: high bit clear in t
    const std::uint64_t t = ((x & ~highs) + ~highs) | x;
    n += static_cast<std::size_t>((((~t & highs) >> 7) * ones) >> 56);  // a byte's count of them, summed
  }
#endif
  for (; p != e; ++p) n += (static_cast<unsigned char>(*p) & mask) == value;
  return n;
}

/// The last '\n' of [p, e), or nullptr.
inline const char* last_newline(const char* p, const char* e) noexcept {
#if PRISM_SSE2
  for (; e - p >= 16; e -= 16) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(e - 16));
    if (const auto bits = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8('\n')))))
      return e - 16 + (std::bit_width(bits) - 1);
  }
#endif
  while (e != p)
    if (*--e == '\n') return e;
  return nullptr;
}

/// A place in text as people count it: the line, and the column in characters, both from 1.
struct text_position {
  std::size_t line = 1, column = 1;

  /// Moves past the text [p, e): each '\n' begins a line; UTF-8 continuation bytes begin no character.
  void advance(const char* p, const char* e) noexcept {
    if (const char* newline = last_newline(p, e)) {
      line += count_bytes(p, newline + 1, 0xFF, '\n');
      column = 1;
      p = newline + 1;
    }
    column += static_cast<std::size_t>(e - p) - count_bytes(p, e, 0xC0, 0x80);
  }
};

/// Fills line and column (1-based, characters) from the error's byte offset.
inline void locate(error& e, std::string_view input) {
  text_position at;
  at.advance(input.data(), input.data() + std::min(e.offset, input.size()));
  e.line = at.line;
  e.column = at.column;
}

// ---- whitespace and literals -----------------------------------------------------------------------------

constexpr bool is_whitespace(char ch) noexcept {
  constexpr std::uint64_t mask = (1ull << ' ') | (1ull << '\t') | (1ull << '\n') | (1ull << '\r');
  return static_cast<unsigned char>(ch) <= ' ' && ((mask >> static_cast<unsigned char>(ch)) & 1);
}

#if PRISM_SSE2
/// Bit i set when byte i of the 16 at p is not whitespace.
inline unsigned non_whitespace_bits(const char* p) noexcept {
  __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  __m128i ws = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\n'))),
                            _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\t')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\r'))));
  return static_cast<unsigned>(~_mm_movemask_epi8(ws)) & 0xFFFFu;
}
#endif

/// Runs of whitespace longer than a byte or two are indentation: 16 bytes at a time.
[[gnu::noinline]] inline const char* skip_whitespace_run(const char* p, const char* e) noexcept {
#if PRISM_SSE2
  while (e - p >= 16) {
    unsigned other = non_whitespace_bits(p);
    if (other != 0) return p + std::countr_zero(other);
    p += 16;
  }
#endif
  while (p != e && is_whitespace(*p)) ++p;
  return p;
}

/// Always inlined: the first test is most calls' whole work, and some record readers got it as a call.
[[gnu::always_inline]] inline const char* skip_whitespace(const char* p, const char* e) noexcept {
  if (p == e || !is_whitespace(*p)) [[likely]]
    return p;
  if (++p == e || !is_whitespace(*p)) return p;  // one separating space: the common case after ':' and ','
#if PRISM_SSE2
  if (e - p >= 16) {  // a newline's indentation usually ends within 16 bytes: one step without a call
    // Indentation is spaces: one compare finds its end, and the byte there is checked, where testing for all four
    // whitespace bytes would put three more steps before the next token's position is known.
    const auto spaces = static_cast<unsigned>(
        _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)), _mm_set1_epi8(' '))));
    if (spaces != 0xFFFF) {
      p += std::countr_one(spaces);
      if (!is_whitespace(*p)) [[likely]]
        return p;
    } else {
      p += 16;
    }
  }
#endif
  return skip_whitespace_run(p, e);
}

/// The literal `word` (true, false, null) at p; returns its end or nullptr.
inline const char* match_literal(const char* p, const char* e, std::string_view word) noexcept {
  if (static_cast<std::size_t>(e - p) < word.size() || std::memcmp(p, word.data(), word.size()) != 0) return nullptr;
  return p + word.size();
}

/// Fails for a bad literal at p: a truncated one is an unexpected end, anything else a syntax error.
[[gnu::cold]] inline bool fail_literal(read_context& c, const char* p, std::string_view word) {
  std::size_t have = static_cast<std::size_t>(c.end - p);
  if (have < word.size() && std::memcmp(p, word.data(), have) == 0) return fail(c, error_code::unexpected_end, c.end);
  return fail(c, error_code::syntax_error, p, "invalid literal, expected " + std::string(word));
}

/// a[0, n) == b[0, n) for the short runs keys are, inline: two overlapping word compares instead of a call.
[[gnu::always_inline]] inline bool same_bytes(const char* a, const char* b, std::size_t n) noexcept {
  auto word = [](const char* p, auto type) {
    decltype(type) v;
    std::memcpy(&v, p, sizeof v);
    return v;
  };
  if (n >= 8) {
    for (std::size_t i = 0; i + 8 < n; i += 8)
      if (word(a + i, std::uint64_t{}) != word(b + i, std::uint64_t{})) return false;
    return word(a + n - 8, std::uint64_t{}) == word(b + n - 8, std::uint64_t{});
  }
  if (n >= 4) return word(a, std::uint32_t{}) == word(b, std::uint32_t{}) && word(a + n - 4, std::uint32_t{}) == word(b + n - 4, std::uint32_t{});
  for (std::size_t i = 0; i < n; ++i)
    if (a[i] != b[i]) return false;
  return true;
}

// ---- numbers ---------------------------------------------------------------------------------------------

constexpr bool is_digit(char ch) noexcept { return static_cast<unsigned char>(ch - '0') < 10; }

/// The value of eight digits, each a byte of x (0..9, the first in the lowest byte): a few multiplies instead of eight
/// dependent steps.
constexpr std::uint64_t eight_digit_value(std::uint64_t x) noexcept {
  x = (x * 10) + (x >> 8);  // pairs
  return (((x & 0x000000FF000000FF) * (100 + (1000000ull << 32))) +
          (((x >> 16) & 0x000000FF000000FF) * (1 + (10000ull << 32)))) >> 32;
}

/// How many of the eight bytes of x = v - "00000000" (v's first byte in the lowest) are digits, from the first: a digit
/// is 0..9, so neither it nor it + 0x76 reaches 0x80, and any other byte does one or the other. A borrow or carry moves
/// only into the bytes after the first non-digit, which do not count.
constexpr int leading_digits(std::uint64_t x) noexcept {
  const std::uint64_t other = (x | (x + 0x7676767676767676)) & 0x8080808080808080;
  return other == 0 ? 8 : std::countr_zero(other) / 8;
}

/// Accumulates the run of digits at p (before limit) into w one at a time, for short runs; returns its end. One
/// subtraction both tests and converts each digit.
[[gnu::always_inline]] inline const char* accumulate_short_digits(const char* p, const char* limit,
                                                                  std::uint64_t& w) noexcept {
  for (; p != limit; ++p) {
    const unsigned digit = static_cast<unsigned char>(*p) - unsigned{'0'};
    if (digit > 9) break;
    w = w * 10 + digit;
  }
  return p;
}

/// Accumulates the run of digits at p into w, eight bytes at a time while that many remain; returns its end.
[[gnu::always_inline]] inline const char* accumulate_digits(const char* p, const char* e, std::uint64_t& w) noexcept {
  while (e - p >= 8) {
    const std::uint64_t x = load_le64(reinterpret_cast<const unsigned char*>(p)) - 0x3030303030303030;
    const int k = leading_digits(x);
    if (k == 8) {
      w = w * 100000000 + eight_digit_value(x);
      p += 8;
      continue;
    }
    if (k != 0)  // the k digits moved to the top, zeros below them: the same value
      w = w * exact_powers_of_10_u64[k] + eight_digit_value(x << (8 * (8 - k)));
    return p + k;
  }
  return accumulate_short_digits(p, e, w);
}

/// The common shapes of numbers, quickly: at most 19 significant digits, no leading-zero or syntax problems.
/// Returns the end, or nullptr to leave the number (and any error in it) to scan_number.
[[gnu::always_inline]] inline const char* scan_number_fast(const char* p, const char* e, decimal_number& d) noexcept {
  d.first = p;
  d.negative = *p == '-';
  p += d.negative;
  const char* int_first = p;
  std::uint64_t w = 0;
  p = accumulate_short_digits(p, e, w);  // usually a few digits
  std::ptrdiff_t int_digits = p - int_first;
  if (int_digits == 0 || (*int_first == '0' && int_digits > 1)) return nullptr;
  std::ptrdiff_t frac_digits = 0;
  if (p != e && *p == '.') {
    const char* frac_first = ++p;
    p = accumulate_digits(p, e, w);
    frac_digits = p - frac_first;
    if (frac_digits == 0) return nullptr;
  }
  if (int_digits + frac_digits > 19) return nullptr;
  std::int64_t exponent = 0;
  if (p != e && (*p | 0x20) == 'e') {
    ++p;
    bool negative_exponent = p != e && *p == '-';
    if (p != e && (*p == '-' || *p == '+')) ++p;
    const char* exp_first = p;
    while (p != e && is_digit(*p) && p - exp_first < 6) exponent = exponent * 10 + (*p++ - '0');
    if (p == exp_first || (p != e && is_digit(*p))) return nullptr;  // no digits, or a huge exponent
    if (negative_exponent) exponent = -exponent;
  }
  d.w = w;
  d.q = exponent - frac_digits;
  d.truncated = false;
  d.last = p;
  return p;
}

/// Scans the number at p (its first byte is '-' or a digit) into d, following RFC 8259's grammar exactly.
/// Returns its end, or nullptr after recording the error.
inline const char* scan_number(read_context& c, const char* p, decimal_number& d) {
  const char* e = c.end;
  d.first = p;
  d.negative = *p == '-';
  p += d.negative;
  if (p == e) return fail(c, error_code::unexpected_end, p), nullptr;
  const char* int_first = p;
  std::uint64_t w = 0;
  if (*p == '0') {
    ++p;
    if (p != e && is_digit(*p)) return fail(c, error_code::syntax_error, p, "leading zeros are not allowed"), nullptr;
  } else if (is_digit(*p)) {
    while (p != e && is_digit(*p)) w = w * 10 + static_cast<unsigned>(*p++ - '0');
  } else {
    return fail(c, error_code::syntax_error, p, "expected a digit after '-'"), nullptr;
  }
  const char* int_last = p;
  const char* frac_first = p;
  const char* frac_last = p;
  if (p != e && *p == '.') {
    frac_first = ++p;
    while (p != e && is_digit(*p)) w = w * 10 + static_cast<unsigned>(*p++ - '0');
    frac_last = p;
    if (frac_first == frac_last) {
      if (p == e) return fail(c, error_code::unexpected_end, p), nullptr;
      return fail(c, error_code::syntax_error, p, "expected a digit after '.'"), nullptr;
    }
  }
  std::int64_t exponent = 0;
  if (p != e && (*p == 'e' || *p == 'E')) {
    ++p;
    bool negative_exponent = false;
    if (p != e && (*p == '+' || *p == '-')) negative_exponent = *p++ == '-';
    if (p == e) return fail(c, error_code::unexpected_end, p), nullptr;
    if (!is_digit(*p)) return fail(c, error_code::syntax_error, p, "expected a digit in the exponent"), nullptr;
    while (p != e && is_digit(*p)) {
      if (exponent < 100000000) exponent = exponent * 10 + (*p - '0');  // saturates far beyond any double
      ++p;
    }
    if (negative_exponent) exponent = -exponent;
  }
  d.last = p;
  std::size_t digits = static_cast<std::size_t>((int_last - int_first) + (frac_last - frac_first));
  d.truncated = false;
  if (digits > 19) {
    // w overflowed: take the first 19 significant digits again (leading zeros keep w at 0, so they are skipped)
    // and move the dropped ones into the exponent.
    constexpr std::uint64_t min_19_digit = 1000000000000000000ull;
    w = 0;
    const char* q = int_first;
    while (w < min_19_digit && q != int_last) w = w * 10 + static_cast<unsigned>(*q++ - '0');
    if (w >= min_19_digit) {
      exponent += int_last - q;
      for (const char* r = q; r != int_last && !d.truncated; ++r) d.truncated = *r != '0';
      for (const char* r = frac_first; r != frac_last && !d.truncated; ++r) d.truncated = *r != '0';
    } else {
      q = frac_first;
      while (w < min_19_digit && q != frac_last) w = w * 10 + static_cast<unsigned>(*q++ - '0');
      exponent -= q - frac_first;
      for (const char* r = q; r != frac_last && !d.truncated; ++r) d.truncated = *r != '0';
    }
  } else {
    exponent -= frac_last - frac_first;
  }
  d.w = w;
  d.q = exponent;
  return p;
}

// ---- strings ---------------------------------------------------------------------------------------------

/// Where a plain run of string text stops: at a '"', '\\' or control byte (at < end), at the first byte that
/// breaks UTF-8 (utf8_error), or at the end of the input.
struct scan_stop {
  const char* at;
  bool utf8_error;
};

/// The first invalid UTF-8 sequence at or after p (a sequence boundary), found byte by byte: the block scan
/// flags where a rule breaks, which can be a byte after the sequence's start.
[[gnu::cold]] inline scan_stop first_invalid_sequence(const unsigned char* u, const unsigned char* ue) noexcept {
  while (u != ue && *u != '"' && *u != '\\' && *u >= 0x20) {
    char32_t cp;
    int len = utf8_sequence(u, static_cast<std::size_t>(ue - u), cp);
    if (len < 0) return {reinterpret_cast<const char*>(u), true};
    u += len;
  }
  return {reinterpret_cast<const char*>(u), false};
}

/// Whether the invalid sequence [at, last) is a valid sequence's beginning cut short by the end of the input (a lead
/// byte that starts one, and what follows it of one): then the end is the error. A byte no sequence starts with
/// (0x80-0xC1, 0xF5-0xFF) is invalid wherever it is.
inline bool cut_short_by_end(const unsigned char* at, const unsigned char* last, const unsigned char* ue) noexcept {
  return last == ue && *at >= 0xC2 && *at <= 0xF4;
}

/// Where string text that runs to the end of the input stops: at the end (unexpected_end), unless a sequence before
/// the end is invalid (`flagged`: the block scan saw a UTF-8 error), which comes first, as the portable scan and the
/// validator have it. A sequence cut short by the end itself is the end's error.
[[gnu::cold]] inline scan_stop unterminated_text(bool flagged, const unsigned char* u, const unsigned char* ue) noexcept {
  if (flagged) {
    scan_stop s = first_invalid_sequence(u, ue);
    char32_t cp;
    const auto* at = reinterpret_cast<const unsigned char*>(s.at);
    if (s.utf8_error && !cut_short_by_end(at, at - utf8_sequence(at, static_cast<std::size_t>(ue - at), cp), ue)) return s;
  }
  return {reinterpret_cast<const char*>(ue), false};
}

/// Scans string text from p for the first byte that is not plain, valid text.
inline scan_stop scan_plain(const char* p, const char* e) noexcept {
  auto u = reinterpret_cast<const unsigned char*>(p);
  auto ue = reinterpret_cast<const unsigned char*>(e);
#if PRISM_SSE2
  [[maybe_unused]] bool wide = true;
  for (;;) {
#if defined(PRISM_AVX2_STRINGS)
    // Text that runs past a first block may be long: 32 bytes a step from here, where the CPU can (once: the path
    // hands back what it does not finish, an error or a last short block, to this loop).
    if (wide && u != reinterpret_cast<const unsigned char*>(p) && ue - u >= 32 && has_avx2()) {
      wide = false;
      bool stopped = false;
      u = scan_plain_avx2(u, ue, stopped);
      if (stopped) return {reinterpret_cast<const char*>(u), false};
    }
#endif
    auto n = static_cast<std::size_t>(ue - u);
    if (n == 0) return {e, false};
    __m128i v = n >= 16 ? _mm_loadu_si128(reinterpret_cast<const __m128i*>(u)) : load_tail(u, n);
    utf8_block b = scan_block(v);
    unsigned limit = b.escapes != 0 ? static_cast<unsigned>(std::countr_zero(b.escapes)) : 16u;
    if (limit == 16 && n < 16) [[unlikely]]  // the text ends without a closing quote
      return unterminated_text(b.high != 0 && b.errors != 0, u, ue);
    if (b.high != 0) {
      unsigned open_at = b.open != 0 ? static_cast<unsigned>(std::countr_zero(b.open)) : 16u;
      if (open_at < limit) {  // a sequence runs past the block: check up to its lead, restart there
        // the lead itself too: it may cut the sequence before it short
        if ((b.errors & ((2u << open_at) - 1)) != 0) return first_invalid_sequence(u, ue);
        u += open_at;
        continue;
      }
      if ((b.errors & ((2u << limit) - 1)) != 0) return first_invalid_sequence(u, ue);  // the stop byte too: it may cut a sequence short
    }
    if (limit < 16) return {reinterpret_cast<const char*>(u + limit), false};
    u += 16;
  }
#else
  while (u != ue) {
    if (ue - u >= 8) {
      std::uint64_t special = special_bytes(load_le64(u));
      if (special == 0) {
        u += 8;
        continue;
      }
      u += std::countr_zero(special) / 8;
    }
    unsigned char ch = *u;
    if (ch < 0x80) {
      if (ch == '"' || ch == '\\' || ch < 0x20) return {reinterpret_cast<const char*>(u), false};
      ++u;
      continue;
    }
    char32_t cp;
    int len = utf8_sequence(u, static_cast<std::size_t>(ue - u), cp);
    if (len < 0) {
      if (cut_short_by_end(u, u - len, ue)) return {e, false};
      return {reinterpret_cast<const char*>(u), true};
    }
    u += len;
  }
  return {e, false};
#endif
}

/// Most strings are short and plain: the closing quote within the 16 bytes at first, after nothing but ASCII text.
/// Its position then, in a few instructions inline; else nullptr, and `from` where scan_plain is to go on (first, or
/// 16 bytes on when those are plain ASCII).
[[gnu::always_inline]] inline const char* short_string_end(const char* first, const char* e, const char*& from) noexcept {
  from = first;
#if PRISM_SSE2
  const auto u = reinterpret_cast<const unsigned char*>(first);
  if (e - first < 16 && !may_overread(u, 16)) return nullptr;
  const unsigned bits = special_bits(_mm_loadu_si128(reinterpret_cast<const __m128i*>(unseen(u))));
  if (bits == 0) {
    if (e - first >= 16) from = first + 16;
    return nullptr;
  }
  const char* at = first + std::countr_zero(bits);
  return at < e && *at == '"' ? at : nullptr;
#else
  (void)e;
  return nullptr;
#endif
}

inline int hex_value(char ch) noexcept {
  if (ch >= '0' && ch <= '9') return ch - '0';
  if ((ch | 0x20) >= 'a' && (ch | 0x20) <= 'f') return (ch | 0x20) - 'a' + 10;
  return -1;
}

/// The four hex digits after "\u" at p, or -1.
inline long read_hex4(const char* p, const char* e) noexcept {
  if (e - p < 4) return -1;
  int a = hex_value(p[0]), b = hex_value(p[1]), c = hex_value(p[2]), d = hex_value(p[3]);
  if ((a | b | c | d) < 0) return -1;
  return (a << 12) | (b << 8) | (c << 4) | d;
}

inline void append_utf8(std::string& out, char32_t cp) {
  char buf[4];
  std::size_t n;
  if (cp < 0x80) {
    buf[0] = static_cast<char>(cp);
    n = 1;
  } else if (cp < 0x800) {
    buf[0] = static_cast<char>(0xC0 | (cp >> 6));
    buf[1] = static_cast<char>(0x80 | (cp & 0x3F));
    n = 2;
  } else if (cp < 0x10000) {
    buf[0] = static_cast<char>(0xE0 | (cp >> 12));
    buf[1] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    buf[2] = static_cast<char>(0x80 | (cp & 0x3F));
    n = 3;
  } else {
    buf[0] = static_cast<char>(0xF0 | (cp >> 18));
    buf[1] = static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    buf[2] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    buf[3] = static_cast<char>(0x80 | (cp & 0x3F));
    n = 4;
  }
  out.append(buf, n);
}

/// What is wrong with an escape, if anything.
enum class escape_fault { none, truncated, bad_hex, lone_surrogate, bad_letter };

/// An escape read: the code point it stands for and where the text goes on, or what is wrong with it.
struct escape_parse {
  const char* next;
  char32_t cp;
  escape_fault fault;
};

/// Reads the escape at p (p[0] == '\\'), up to e. A surrogate pair is one escape; a lone surrogate is a fault
/// unless `replace_lone`, which reads U+FFFD for it.
inline escape_parse parse_escape(const char* p, const char* e, bool replace_lone) noexcept {
  if (e - p < 2) return {p, 0, escape_fault::truncated};
  char32_t letter;
  switch (p[1]) {
    case '"': letter = '"'; break;
    case '\\': letter = '\\'; break;
    case '/': letter = '/'; break;
    case 'b': letter = '\b'; break;
    case 'f': letter = '\f'; break;
    case 'n': letter = '\n'; break;
    case 'r': letter = '\r'; break;
    case 't': letter = '\t'; break;
    case 'u': {
      long unit = read_hex4(p + 2, e);
      if (unit < 0) return {p, 0, e - p < 6 ? escape_fault::truncated : escape_fault::bad_hex};
      char32_t cp = static_cast<char32_t>(unit);
      const char* next = p + 6;
      if (unit >= 0xD800 && unit <= 0xDFFF) {
        long low = unit <= 0xDBFF && e - next >= 2 && next[0] == '\\' && next[1] == 'u' ? read_hex4(next + 2, e) : -1;
        if (low >= 0xDC00 && low <= 0xDFFF) {
          cp = 0x10000 + ((static_cast<char32_t>(unit) - 0xD800) << 10) + (static_cast<char32_t>(low) - 0xDC00);
          next += 6;
        } else if (replace_lone) {
          cp = 0xFFFD;
        } else {
          return {p, 0, escape_fault::lone_surrogate};
        }
      }
      return {next, cp, escape_fault::none};
    }
    default: return {p, 0, escape_fault::bad_letter};
  }
  return {p + 2, letter, escape_fault::none};
}

/// Decodes the escape at p (p[0] == '\\'): appends its text to `out` (when not null) and returns the end, or
/// nullptr after recording the error.
inline const char* decode_escape(read_context& c, const char* p, std::string* out) {
  escape_parse x = parse_escape(p, c.end, c.opts.replace_invalid_utf8);
  switch (x.fault) {
    case escape_fault::none: break;
    case escape_fault::truncated: return fail(c, error_code::unexpected_end, c.end), nullptr;
    case escape_fault::bad_hex:
      return fail(c, error_code::invalid_string, p, "invalid \\u escape: expected four hex digits"), nullptr;
    case escape_fault::lone_surrogate: return fail(c, error_code::invalid_string, p, "lone surrogate in a \\u escape"), nullptr;
    case escape_fault::bad_letter: return fail(c, error_code::invalid_string, p, "invalid escape sequence"), nullptr;
  }
  if (out) {
    if (x.cp < 0x80) out->push_back(static_cast<char>(x.cp));
    else append_utf8(*out, x.cp);
  }
  return x.next;
}

/// Fails for the stop a scan found inside a string (not a quote or backslash).
[[gnu::cold]] inline bool fail_in_string(read_context& c, scan_stop s) {
  if (s.at == c.end) return fail(c, error_code::unexpected_end, s.at, "unexpected end of input inside a string");
  if (s.utf8_error) return fail(c, error_code::invalid_utf8, s.at, "invalid UTF-8 in a string");
  static constexpr char hex[] = "0123456789ABCDEF";
  auto ch = static_cast<unsigned char>(*s.at);
  return fail(c, error_code::invalid_string, s.at,
              std::string("unescaped control character U+00") + hex[ch >> 4] + hex[ch & 15] + " in a string");
}

/// Appends the rest of a string to `out` from p (inside the string, at any point after the opening quote),
/// decoding escapes; returns the position after the closing quote, or nullptr after recording the error.
inline const char* decode_string(read_context& c, const char* p, std::string& out) {
  for (;;) {
    scan_stop s = scan_plain(p, c.end);
    out.append(p, static_cast<std::size_t>(s.at - p));
    p = s.at;
    if (!s.utf8_error && p != c.end) {
      if (*p == '"') return p + 1;
      if (*p == '\\') {
        if (!(p = decode_escape(c, p, &out))) return nullptr;
        continue;
      }
    }
    if (s.utf8_error && c.opts.replace_invalid_utf8) {
      char32_t cp;
      int len = utf8_sequence(reinterpret_cast<const unsigned char*>(p), static_cast<std::size_t>(c.end - p), cp);
      append_utf8(out, 0xFFFD);
      p += len < 0 ? -len : len;
      continue;
    }
    return fail_in_string(c, s), nullptr;
  }
}

/// A string's text at p (p[0] == '"'): a view of the input when it has no escapes (and, with
/// replace_invalid_utf8, no invalid bytes), otherwise decoded into `buffer` and viewed there. Returns the
/// position after the closing quote, or nullptr after recording the error.
inline const char* read_string_text(read_context& c, const char* p, std::string& buffer, std::string_view& text) {
  const char* first = p + 1;
  const char* from;
  if (const char* quote = short_string_end(first, c.end, from)) [[likely]] {
    text = {first, static_cast<std::size_t>(quote - first)};
    return quote + 1;
  }
  scan_stop s = scan_plain(from, c.end);
  if (!s.utf8_error && s.at != c.end && *s.at == '"') {
    text = {first, static_cast<std::size_t>(s.at - first)};
    return s.at + 1;
  }
  buffer.assign(first, static_cast<std::size_t>(s.at - first));
  const char* after = decode_string(c, s.at, buffer);
  text = buffer;
  return after;
}

/// Skips (and validates) a string at p (p[0] == '"'); returns the position after it, or nullptr.
inline const char* skip_string(read_context& c, const char* p) {
  if (const char* quote = short_string_end(p + 1, c.end, p)) [[likely]]
    return quote + 1;
  for (;;) {
    scan_stop s = scan_plain(p, c.end);
    p = s.at;
    if (!s.utf8_error && p != c.end) {
      if (*p == '"') return p + 1;
      if (*p == '\\') {
        if (!(p = decode_escape(c, p, nullptr))) return nullptr;
        continue;
      }
    }
    if (s.utf8_error && c.opts.replace_invalid_utf8) {
      char32_t cp;
      int len = utf8_sequence(reinterpret_cast<const unsigned char*>(p), static_cast<std::size_t>(c.end - p), cp);
      p += len < 0 ? -len : len;
      continue;
    }
    return fail_in_string(c, s), nullptr;
  }
}

// ---- skipping a whole value ------------------------------------------------------------------------------

/// The literal or number at p, validated without recording an error: its end, or nullptr for anything else
/// (including the rare numbers scan_number_fast leaves to scan_number).
[[gnu::always_inline]] inline const char* skip_plain_scalar(const char* p, const char* e) noexcept {
  switch (*p) {
    case 't': return match_literal(p, e, "true");
    case 'f': return match_literal(p, e, "false");
    case 'n': return match_literal(p, e, "null");
    default: break;
  }
  decimal_number d;
  return *p == '-' || is_digit(*p) ? scan_number_fast(p, e, d) : nullptr;
}

/// Skips (and validates) the string, number or literal at p (p != end); returns its end, or nullptr after recording
/// the error (anything else is one).
[[gnu::always_inline]] inline const char* skip_scalar(read_context& c, const char* p) {
  if (*p == '"') return skip_string(c, p);
  if (const char* after = skip_plain_scalar(p, c.end)) [[likely]]
    return after;
  // what the quick scan leaves: a bad literal, a number for scan_number (long, or wrong), or no value at all
  if (*p == 't' || *p == 'f' || *p == 'n')
    return fail_literal(c, p, *p == 't' ? "true" : *p == 'f' ? "false" : "null"), nullptr;
  if (*p == '-' || is_digit(*p)) {
    decimal_number d;
    return scan_number(c, p, d);
  }
  return fail_expected(c, "a value", p, error_code::syntax_error), nullptr;
}

#if defined(PRISM_AVX2_STRINGS)
/// Whether this CPU runs skip_nested_blocks (AVX2 and carry-less multiplication); asked once per process.
inline bool has_avx2_clmul() noexcept {
  static const bool yes = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("pclmul");
  return yes;
}

/// Whether ch may follow a scalar: whitespace, structure or a quote (which the grammar then rejects).
constexpr bool ends_scalar(char ch) noexcept {
  constexpr std::uint64_t below_64 = (1ull << ' ') | (1ull << '\t') | (1ull << '\n') | (1ull << '\r') | (1ull << ',') |
                                     (1ull << ':') | (1ull << '"');
  const auto u = static_cast<unsigned char>(ch);
  return u < 64 ? (below_64 >> u) & 1 : (u | 0x20) == '{' || (u | 0x20) == '}';
}

/// Bits of 32 bytes: '"', '\\', whitespace, structure ({}[]:,), control bytes and bytes from 0x80.
struct half_block_bits {
  unsigned quote, backslash, whitespace, structure, control, high;
};

[[gnu::target("avx2")]] inline unsigned byte_bits_avx2(__m256i m) noexcept {
  return static_cast<unsigned>(_mm256_movemask_epi8(m));
}

[[gnu::target("avx2")]] inline half_block_bits classify_avx2(__m256i v) noexcept {
  auto bits = byte_bits_avx2;
  const __m256i folded = _mm256_or_si256(v, _mm256_set1_epi8(0x20));  // '[' reads as '{', ']' as '}'
  const __m256i whitespace = _mm256_or_si256(_mm256_or_si256(equal_avx2(v, ' '), equal_avx2(v, '\n')),
                                             _mm256_or_si256(equal_avx2(v, '\t'), equal_avx2(v, '\r')));
  const __m256i structure = _mm256_or_si256(_mm256_or_si256(equal_avx2(folded, '{'), equal_avx2(folded, '}')),
                                            _mm256_or_si256(equal_avx2(v, ':'), equal_avx2(v, ',')));
  const __m256i control = _mm256_cmpeq_epi8(_mm256_min_epu8(v, _mm256_set1_epi8(0x1F)), v);
  return {bits(equal_avx2(v, '"')), bits(equal_avx2(v, '\\')), bits(whitespace), bits(structure), bits(control), bits(v)};
}

/// Bit i set where an odd number of bits 0..i of x are: with x the quotes that open and close strings, the bytes
/// from an opening quote up to (not including) its closing one.
[[gnu::target("pclmul")]] inline std::uint64_t prefix_xor(std::uint64_t x) noexcept {
  const __m128i product = _mm_clmulepi64_si128(_mm_set_epi64x(0, static_cast<long long>(x)), _mm_set1_epi8(-1), 0);
  return static_cast<std::uint64_t>(_mm_cvtsi128_si64(product));
}

/// Bits of a 64-byte block: '"', '\\', whitespace, structure ({}[]:,) and control bytes; and whether it is valid
/// UTF-8 after the block before (whose last 32 bytes and their non-ASCII bits the caller passes and gets back).
struct block_bits {
  std::uint64_t quote, backslash, whitespace, structure, control;
  bool valid_utf8;
};

/// Whether the 64 bytes lo, hi are valid UTF-8 after the 32 bytes `before` (the classifiers' one check).
[[gnu::target("avx2")]] inline bool valid_utf8_avx2(__m256i lo, __m256i hi, __m256i before) noexcept {
  const __m256i errors = _mm256_or_si256(utf8_errors_avx2(lo, before), utf8_errors_avx2(hi, lo));
  return _mm256_testz_si256(errors, errors);
}

/// The block at p of `left` bytes (its last, padded with spaces, when fewer than 64), by AVX2.
[[gnu::target("avx2")]] inline block_bits block_bits_avx2(const char* p, std::size_t left, __m256i& before,
                                                         unsigned& before_high) noexcept {
  __m256i lo, hi;
  if (left >= 64) {
    lo = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    hi = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32));
  } else {  // no tokens in the padding, and a sequence open at the end is an error
    alignas(32) char tail[64];
    std::memset(tail, ' ', sizeof tail);
    std::memcpy(tail, p, left);
    lo = _mm256_load_si256(reinterpret_cast<const __m256i*>(tail));
    hi = _mm256_load_si256(reinterpret_cast<const __m256i*>(tail + 32));
  }
  const half_block_bits l = classify_avx2(lo), h = classify_avx2(hi);
  auto join = [](unsigned low, unsigned high) { return low | std::uint64_t{high} << 32; };
  const bool valid = (l.high | h.high | before_high >> 29) == 0 || valid_utf8_avx2(lo, hi, before);
  before = hi;
  before_high = h.high;
  return {join(l.quote, h.quote), join(l.backslash, h.backslash), join(l.whitespace, h.whitespace),
          join(l.structure, h.structure), join(l.control, h.control), valid};
}

/// Whether this CPU has AVX-512BW, for block_bits_avx512; asked once per process.
inline bool has_avx512bw() noexcept {
  static const bool yes = __builtin_cpu_supports("avx512bw");
  return yes;
}

/// block_bits_avx2 in one 64-byte register, each test one instruction into a mask.
[[gnu::target("avx512f,avx512bw,avx2")]] inline block_bits block_bits_avx512(const char* p, std::size_t left,
                                                                            __m256i& before,
                                                                            unsigned& before_high) noexcept {
  const __m512i v = left >= 64 ? _mm512_loadu_si512(p)
                               : _mm512_mask_loadu_epi8(_mm512_set1_epi8(' '), (std::uint64_t{1} << left) - 1, p);
  // (spelled out: a lambda would not inherit the target attribute, and a function taking v would warn of its ABI)
  const std::uint64_t quote = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('"'));
  const std::uint64_t backslash = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\\'));
  const std::uint64_t whitespace =
      _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(' ')) | _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\n')) |
      _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\t')) | _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\r'));
  const __m512i folded = _mm512_or_si512(v, _mm512_set1_epi8(0x20));  // '[' reads as '{', ']' as '}'
  const std::uint64_t structure =
      _mm512_cmpeq_epi8_mask(folded, _mm512_set1_epi8('{')) | _mm512_cmpeq_epi8_mask(folded, _mm512_set1_epi8('}')) |
      _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(':')) | _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(','));
  const std::uint64_t control = _mm512_cmplt_epu8_mask(v, _mm512_set1_epi8(0x20));
  const std::uint64_t high = _mm512_movepi8_mask(v);
  bool valid = true;
  if ((high | before_high >> 29) != 0) {  // validated in halves, which are loaded again (the padded ones from a copy)
    alignas(64) char padded[64];
    const char* text = p;
    if (left < 64) {
      _mm512_store_si512(padded, v);
      text = padded;
    }
    const __m256i lo = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(text));
    const __m256i hi = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(text + 32));
    valid = valid_utf8_avx2(lo, hi, before);
    before = hi;
  } else {
    before = _mm256_setzero_si256();  // ASCII: no sequence runs on into the next block
  }
  before_high = static_cast<unsigned>(high >> 32);
  return {quote, backslash, whitespace, structure, control, valid};
}

/// The tokens of contiguous JSON text, 64 bytes at a time, for skip_nested_blocks: each block becomes bit masks,
/// strings are found from their quotes (a prefix XOR) and validated whole (UTF-8, no control bytes, every escape
/// read), and what is left is the mask of tokens (structure, string starts, scalar starts), so no loop walks the
/// bytes between tokens. Starts at a token boundary (outside strings and scalars).
struct token_blocks {
  const char* first;
  std::size_t size;
  bool replace_lone;               ///< read_options::replace_invalid_utf8, for lone surrogates in escapes
  std::size_t at = 0;              ///< where the next block starts, from first
  std::uint64_t in_string = 0;     ///< all ones while a string runs on from the block before
  std::uint64_t in_scalar = 0;     ///< 1 when a scalar's text runs on from the block before
  unsigned escaped_into = 0;       ///< the bytes at the next block's start that an escape in this one covers
  unsigned before_high = 0;        ///< the non-ASCII bytes of the last 32 of this block
  __m256i before = _mm256_setzero_si256();
  bool wide = has_avx512bw();      ///< whether blocks are classified by AVX-512 rather than AVX2

  static constexpr int batch = 4;  ///< blocks classified at a time: their work overlaps, the walk's does not
  std::uint64_t tokens[batch] = {};  ///< the batch's tokens, block by block
  int blocks = 0;                    ///< how many of tokens[] the batch filled

  /// Classifies the next batch of up to `batch` blocks into tokens[]; false at the end of the input or where the
  /// first block breaks a rule (a later block that does ends the batch, and the input, before it).
  [[gnu::target("avx2,pclmul")]] bool next_batch() noexcept {
    blocks = 0;
    for (; blocks < batch && at < size; ++blocks, at += 64) {
      if (!classify(tokens[blocks])) {
        at = size;  // the carries into the next block are not to be trusted: no more blocks
        break;
      }
    }
    return blocks != 0;
  }

  /// Classifies the block at `at` into its tokens; false where it breaks a rule.
  [[gnu::target("avx2,pclmul")]] bool classify(std::uint64_t& block_tokens) noexcept {
    const char* const base = first + at;
    const block_bits b = wide ? block_bits_avx512(base, size - at, before, before_high)
                              : block_bits_avx2(base, size - at, before, before_high);
    if (!b.valid_utf8) return false;
    // Escapes, in order: each is read (and must be valid); the bytes after its backslash are text, never a quote
    // or a backslash that counts.
    std::uint64_t escaped = (std::uint64_t{1} << escaped_into) - 1;
    std::uint64_t backslashes = b.backslash & ~escaped;
    std::uint64_t escape_starts = 0;
    escaped_into = 0;
    while (backslashes != 0) [[unlikely]] {
      const auto i = static_cast<unsigned>(std::countr_zero(backslashes));
      const escape_parse x = parse_escape(base + i, first + size, replace_lone);
      if (x.fault != escape_fault::none) return false;
      const auto end = i + static_cast<unsigned>(x.next - (base + i));
      const std::uint64_t through = end >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << end) - 1;
      escaped |= through & ~((std::uint64_t{2} << i) - 1);
      escape_starts |= std::uint64_t{1} << i;
      backslashes &= ~through;
      if (end > 64) escaped_into = end - 64;
    }
    const std::uint64_t quotes = b.quote & ~escaped;
    const std::uint64_t strings = prefix_xor(quotes) ^ in_string;  // opening quotes and text
    in_string = static_cast<std::uint64_t>(static_cast<std::int64_t>(strings) >> 63);
    const std::uint64_t opening = quotes & strings;
    const std::uint64_t text = strings & ~opening;
    if (((b.control & text) | (escape_starts & ~text)) != 0) return false;
    const std::uint64_t outside = ~strings & ~quotes;
    const std::uint64_t structure = b.structure & outside;
    const std::uint64_t scalars = outside & ~structure & ~b.whitespace;
    const std::uint64_t scalar_starts = scalars & ~(scalars << 1 | in_scalar);
    in_scalar = scalars >> 63;
    block_tokens = structure | opening | scalar_starts;
    return true;
  }
};

/// Where a walk over a nested value stands, at a value's first byte: `depth` levels open, bit d of `objects` set
/// where level d is an object.
struct skip_walk {
  const char* p;
  std::uint64_t objects;
  std::size_t depth;
};

/// How skip_nested_blocks ended: at the value's end (c.p after it), at something it does not accept (recording
/// nothing: an error, a number left to scan_number, invalid UTF-8 under replace_invalid_utf8, nesting past 64
/// levels or max_depth), or handing the walk back where a window of text was dense in numbers.
enum class blocks_end { done, refused, handed_back };

/// The byte span over which skip_nested and skip_nested_blocks weigh handing the walk to the other: the blocks
/// are faster over strings and whitespace, which they take 64 bytes at a time, and slower over numbers, whose
/// scans they make on top of classifying the bytes (canada's coordinates, a number every 20 bytes, validate 1.5x
/// slower by blocks; twitter, one every 100, 1.3x faster).
inline constexpr std::ptrdiff_t skip_window = 128;

/// Whether `numbers` in `span` bytes are few enough for the blocks.
constexpr bool suits_blocks(std::ptrdiff_t numbers, std::ptrdiff_t span) noexcept { return numbers * 24 < span; }

/// skip_nested's fast path (on CPUs with has_avx2_clmul), for large values that are mostly strings (twitter's
/// retweeted statuses): the grammar walked over token_blocks from w (inside the value: w.depth from 1 to 63). When it
/// hands back, w is where it stopped.
/// Bytes after the value in its last block are classified too: an error there only refuses the value, which the
/// scalar walk then skips. A walk over a stream's window hands back at the first window check past `stop`, short of
/// the window's end, where a string cut by the end would make the blocks refuse all they walked.
[[gnu::target("avx2,pclmul")]] inline blocks_end skip_nested_blocks(read_context& c, skip_walk& w,
                                                                   const char* stop) noexcept {
  const char* p = w.p;
  std::uint64_t objects = w.objects;
  std::size_t depth = w.depth;
  const char* window_end = p + skip_window;
  std::ptrdiff_t numbers = 0;  // in the window
  token_blocks t{p, static_cast<std::size_t>(c.end - p), c.opts.replace_invalid_utf8};
  const std::size_t room = std::min<std::size_t>(64, c.opts.max_depth > c.depth ? c.opts.max_depth - c.depth : 0);
  const char* base = p;  // the start of block k of the batch
  std::uint64_t tokens = 0;
  int k = 0;
  auto next = [&]() -> const char* {  // the next token, or nullptr at the end or where a block breaks a rule
    while (tokens == 0) {
      if (++k >= t.blocks) {
        base = t.first + t.at;
        if (!t.next_batch()) return nullptr;
        k = 0;
      } else {
        base += 64;
      }
      tokens = t.tokens[k];
    }
    const char* at = base + std::countr_zero(tokens);
    tokens &= tokens - 1;
    return at;
  };
  const char* q;

value:
  if (!(q = next())) return blocks_end::refused;
value_at_q:
  if (q >= window_end) {
    if (!suits_blocks(numbers, skip_window) || q >= stop) {
      w = {q, objects, depth};
      return blocks_end::handed_back;
    }
    window_end = q + skip_window;
    numbers = 0;
  }
  if (*q == '"') goto after;
  if (*q == '{' || *q == '[') {
    if (depth == room) return blocks_end::refused;
    const bool object = *q == '{';
    objects = object ? objects | std::uint64_t{1} << depth : objects & ~(std::uint64_t{1} << depth);
    ++depth;
    if (!(q = next())) return blocks_end::refused;
    if (*q == (object ? '}' : ']')) goto close;
    if (object) goto key_at_q;
    goto value_at_q;
  }
  // a scalar must end where its text does: the byte after it is whitespace, structure or a quote
  if (const char* r = skip_plain_scalar(q, c.end); !r || (r != c.end && !ends_scalar(*r))) return blocks_end::refused;
  numbers += *q == '-' || is_digit(*q);
  goto after;

key:
  if (!(q = next())) return blocks_end::refused;
key_at_q:
  if (*q != '"') return blocks_end::refused;
  if (!(q = next()) || *q != ':') return blocks_end::refused;
  goto value;

after:
  if (!(q = next())) return blocks_end::refused;
  if (*q == ',') {
    if ((objects >> (depth - 1)) & 1) goto key;
    goto value;
  }
  if (*q != ((objects >> (depth - 1)) & 1 ? '}' : ']')) return blocks_end::refused;
close:
  if (--depth == 0) {
    c.p = q + 1;
    return blocks_end::done;
  }
  goto after;
}

/// Whether this CPU runs compact_text: AVX-512 VBMI2, whose one instruction stores the bytes a mask picks from a
/// 64-byte register, and carry-less multiplication. Asked once per process.
inline bool has_avx512_compress() noexcept {
  static const bool yes = __builtin_cpu_supports("avx512vbmi2") && __builtin_cpu_supports("avx512bw") &&
                          __builtin_cpu_supports("pclmul");
  return yes;
}

/// JSON text [p, p + n), validated, starting outside a string (a token boundary), without the whitespace outside its
/// strings, written into a sink's windows from `out`: a compact reformat with no token walk, 64 bytes a step. A block
/// is classified for quotes, backslashes and whitespace alone (the text is valid: no UTF-8 or grammar to check), its
/// strings found from their unescaped quotes (a prefix XOR), and the bytes it keeps stored by one instruction.
template <class Sink>
[[gnu::target("avx512f,avx512bw,avx512vbmi2,pclmul")]] io::window compact_text(const char* p, std::size_t n, Sink& sink,
                                                                                io::window out) {
  std::uint64_t in_string = 0;     // all ones while a string runs on from the block before
  std::uint64_t escaped_into = 0;  // 1: the next block's first byte is escaped by this one's last
  for (std::size_t at = 0; at < n; at += 64) {
    const std::size_t left = n - at;
    const std::uint64_t valid = left >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << left) - 1;
    const __m512i v = _mm512_maskz_loadu_epi8(valid, p + at);
    const std::uint64_t quotes = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('"'));
    std::uint64_t backslashes = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\\'));
    const std::uint64_t spaces =
        _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(' ')) | _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\n')) |
        _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\t')) | _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\r'));
    std::uint64_t escaped = escaped_into;  // each backslash not itself escaped escapes the byte after it
    escaped_into = 0;
    backslashes &= ~escaped;
    while (backslashes != 0) {
      const int i = std::countr_zero(backslashes);
      if (i == 63) {
        escaped_into = 1;
        break;
      }
      escaped |= std::uint64_t{2} << i;
      backslashes &= ~(std::uint64_t{3} << i);
    }
    const std::uint64_t real_quotes = quotes & ~escaped;
    const std::uint64_t strings = prefix_xor(real_quotes) ^ in_string;  // opening quotes and text
    in_string = static_cast<std::uint64_t>(static_cast<std::int64_t>(strings) >> 63);
    const std::uint64_t keep = ~(spaces & ~strings & ~real_quotes) & valid;
    if (out.end - out.pos < 64) out = sink.next(out.pos, 64);
    _mm512_mask_compressstoreu_epi8(out.pos, keep, v);
    out.pos += std::popcount(keep);
  }
  return out;
}
#endif

/// The levels a walk over nested values has open: one bit per level, set where the level is an object. 512 levels
/// live inline; deeper documents grow a vector as they go.
struct open_levels {
  std::uint64_t small[8];
  std::vector<std::uint64_t> large;
  std::size_t depth = 0;
};

/// Where a walk over nested values stands between two tokens, for a stream to resume it over its next window of
/// text: what comes next, at `depth` levels (resume_walk).
enum class walk_at : std::uint8_t { value, key, colon, after_value };

struct nested_walk {
  open_levels levels;
  walk_at at = walk_at::value;
};

/// What a walk hands its tokens to, each as its text in the input (a key or string with its quotes): nothing, for
/// skipping and validating; a formatter for reformat (stream.hpp). A walk with tokens to hand walks every one
/// (skip_nested_blocks skips them unseen).
struct no_tokens {
  static constexpr bool wanted = false;
  void open(bool /*object*/) {}
  void close(bool /*object*/) {}
  void key(const char*, const char*) {}
  void scalar(const char*, const char*) {}
};

/// How a walk over a window ended: past the whole value (c.p after it), at an error (in c.err), or at a token the
/// window may hold only part of (c.p at its start, nothing recorded): the caller reads more and resumes.
enum class walk_end : std::uint8_t { done, failed, more };

/// The walk of skip_value over a value at c.p, without recursion: an explicit stack of one bit per level says whether
/// each open level is an object or an array. Counts against max_depth together with the levels the caller is already
/// in. Resumable, it is a walk over a window of a stream (`final`: the window reaches the input's end) that stops
/// at the token boundary before any token it cannot judge yet: one running into the window's end, or whose error lies
/// so near it that more text might change it (a word cut short, a number's digits).
template <bool Resumable, class Tokens = no_tokens>
[[gnu::always_inline]] inline walk_end walk_nested(read_context& c, nested_walk& w, [[maybe_unused]] bool final,
                                                   Tokens&& tokens = {}) {
  const char* p = c.p;
  const char* e = c.end;
  // Past a token that ends this near the window's end, the next bytes may still change what it is.
  constexpr std::ptrdiff_t undecided = 64;
  [[maybe_unused]] const char* mark = p;  // the last token boundary, and what came next there
  [[maybe_unused]] walk_at mark_at = w.at;
  [[maybe_unused]] std::size_t mark_depth = w.levels.depth;
#if defined(PRISM_AVX2_STRINGS)
  // At the first value of each window, the walk may hand the rest to skip_nested_blocks (see suits_blocks); each
  // window that does not suit them is twice as long as the one before, up to 64 KiB, so that a document of numbers
  // is asked rarely.
  std::ptrdiff_t span = skip_window;
  const char* handover = has_avx2_clmul() && !std::remove_cvref_t<Tokens>::wanted ? p + span : e;
  std::ptrdiff_t numbers = 0;  // in the window
  const char* stop = Resumable && !final ? e - std::min<std::ptrdiff_t>(e - p, 4096) : e;
#endif
  std::size_t room = c.opts.max_depth > c.depth ? c.opts.max_depth - c.depth : 0;
  open_levels& levels = w.levels;
  std::uint64_t* stack = levels.large.empty() ? levels.small : levels.large.data();
  std::size_t depth = levels.depth;
  auto push = [&](bool object) {
    if (depth % 64 == 0 && depth / 64 >= 8 && depth / 64 >= levels.large.size()) {  // a new word past the inline ones
      if (levels.large.empty()) levels.large.assign(levels.small, levels.small + 8);
      levels.large.push_back(0);
      stack = levels.large.data();
    }
    std::uint64_t bit = std::uint64_t{1} << (depth % 64);
    stack[depth / 64] = object ? stack[depth / 64] | bit : stack[depth / 64] & ~bit;
    ++depth;
  };
  auto in_object = [&] { return (stack[(depth - 1) / 64] >> ((depth - 1) % 64)) & 1; };
  auto at = [&](walk_at where) {
    if constexpr (Resumable) {
      mark = p;
      mark_at = where;
      mark_depth = depth;
    }
  };
  if (Resumable) p = skip_whitespace(p, e);  // a window may begin inside the whitespace before the token
  switch (w.at) {  // a contiguous walk starts at a value
    case walk_at::value: goto value;
    case walk_at::key: goto key;
    case walk_at::colon: goto colon;
    case walk_at::after_value: goto after_value;
  }

value:
  at(walk_at::value);
  if (p == e) goto end_of_text;
#if defined(PRISM_AVX2_STRINGS)
  if (p >= handover) {
    std::ptrdiff_t next_span = std::min<std::ptrdiff_t>(span * 2, 65536);
    if (suits_blocks(numbers, span) && depth != 0 && depth < 64) {  // inside the value, in the levels the blocks keep
      skip_walk b{p, stack[0], depth};
      switch (skip_nested_blocks(c, b, stop)) {
        case blocks_end::done: return walk_end::done;
        case blocks_end::refused: break;  // this walk goes on from p, and reports any error
        case blocks_end::handed_back:
          p = b.p;
          stack[0] = b.objects;
          depth = b.depth;
          next_span = skip_window;
          at(walk_at::value);
          break;
      }
    }
    span = next_span;
    handover = p + span;
    numbers = 0;
  }
  numbers += *p == '-' || is_digit(*p);
#endif
  if (*p == '{' || *p == '[') {
    bool object = *p == '{';
    if (depth == room) {
      fail(c, error_code::depth_exceeded, p, "nesting deeper than max_depth");
      goto failed;
    }
    push(object);
    p = skip_whitespace(p + 1, e);
    if (p == e) goto end_of_text;  // (a stream resumes at the bracket, which may open an empty value)
    tokens.open(object);
    if (*p == (object ? '}' : ']')) {
      tokens.close(object);
      ++p;
      --depth;
      goto after_value;
    }
    if (object) goto key;
    goto value;
  }
  {
    const char* first = p;
    if (!(p = skip_scalar(c, p))) goto failed;
    if (Resumable && !final && e - p < undecided) goto suspend;
    tokens.scalar(first, p);
  }
  goto after_value;

key:
  at(walk_at::key);
  if (p == e) goto end_of_text;
  if (*p != '"') {
    fail_expected(c, "a string key", p, error_code::syntax_error);
    goto failed;
  }
  {
    const char* first = p;
    if (!(p = skip_string(c, p))) goto failed;
    tokens.key(first, p);
  }
  p = skip_whitespace(p, e);
colon:
  at(walk_at::colon);
  if (p == e || *p != ':') {
    fail_expected(c, "':'", p, error_code::syntax_error);
    goto failed;
  }
  p = skip_whitespace(p + 1, e);
  goto value;

after_value:
  if (depth == 0) {
    c.p = p;
    return walk_end::done;
  }
  p = skip_whitespace(p, e);
  at(walk_at::after_value);
  if (p == e) goto end_of_text;
  if (in_object()) {
    if (*p == ',') {
      p = skip_whitespace(p + 1, e);
      goto key;
    }
    if (*p != '}') {
      fail_expected(c, "',' or '}'", p, error_code::syntax_error);
      goto failed;
    }
  } else {
    if (*p == ',') {
      p = skip_whitespace(p + 1, e);
      goto value;
    }
    if (*p != ']') {
      fail_expected(c, "',' or ']'", p, error_code::syntax_error);
      goto failed;
    }
  }
  tokens.close(*p == '}');
  ++p;
  --depth;
  goto after_value;

end_of_text:
  fail(c, error_code::unexpected_end, p);
failed:
  // an error that the next bytes might change is not one yet
  if (Resumable && !final &&
      (c.err.code == error_code::unexpected_end || e - (c.begin + static_cast<std::ptrdiff_t>(c.err.offset)) < undecided)) {
    c.err.code = error_code::none;
    c.err.detail.clear();
    goto suspend;
  }
  return walk_end::failed;
suspend:
  if constexpr (Resumable) {
    c.p = mark;
    w.at = mark_at;
    levels.depth = mark_depth;
  }
  return walk_end::more;
}

/// skip_value for an array or object at c.p (the contiguous walk of walk_nested).
[[gnu::noinline]] inline bool skip_nested(read_context& c) {
  nested_walk w;
  return walk_nested<false>(c, w, true) == walk_end::done;
}

/// walk_nested over a stream's window, resuming where the last window stopped, handing tokens on.
template <class Tokens>
[[gnu::noinline]] walk_end resume_walk(read_context& c, nested_walk& w, bool final, Tokens& tokens) {
  return walk_nested<true>(c, w, final, tokens);
}

/// Skips the value at c.p (whitespace already skipped), validating all of it. Most values skipped are a member's
/// string, number or literal: those without the nested walk's setup.
inline bool skip_value(read_context& c) {
  const char* p = c.p;
  if (p == c.end || *p == '{' || *p == '[') return skip_nested(c);
  if (!(p = skip_scalar(c, p))) return false;
  c.p = p;
  return true;
}

// ---- containers, for the readers that build them ----------------------------------------------------------

/// Opens a nested level: checks max_depth before the reader recurses into it.
inline bool enter(read_context& c, const char* p) {
  if (++c.depth > c.opts.max_depth) [[unlikely]]
    return fail(c, error_code::depth_exceeded, p, "nesting deeper than max_depth");
  return true;
}

/// Opens an array or object at c.p (`open` is '[' or '{'; `what` names it for the error), checks max_depth and
/// skips the whitespace after it.
[[gnu::always_inline]] inline bool open_container(read_context& c, char open, const char* what) {
  const char* p = c.p;
  if (p == c.end || *p != open) [[unlikely]]
    return fail_expected(c, what, p);
  if (!enter(c, p)) return false;
  c.p = skip_whitespace(p + 1, c.end);
  return true;
}

/// Consumes `close` when the container just opened is empty.
inline bool close_if_empty(read_context& c, char close) {
  if (c.p == c.end || *c.p != close) return false;
  ++c.p;
  --c.depth;
  return true;
}

[[gnu::cold, gnu::noinline]] inline bool next_item_failed(read_context& c, char close, const char* p) {
  fail_expected(c, close == '}' ? "',' or '}'" : "',' or ']'", p, error_code::syntax_error);
  return false;
}

/// After an element or member: skips ',' and whitespace (true, more follows) or the closing bracket (false,
/// done, c.p after it). Records a syntax error for anything else (check c.err). Always inlined: the compiler's
/// own choice differed between instantiations of one record reader (one view's read 5% slower than another's).
[[gnu::always_inline]] inline bool next_item(read_context& c, char close) {
  const char* p = skip_whitespace(c.p, c.end);
  if (p != c.end && *p == ',') [[likely]] {
    c.p = skip_whitespace(p + 1, c.end);
    return true;
  }
  if (p != c.end && *p == close) {
    c.p = p + 1;
    --c.depth;
    return false;
  }
  return next_item_failed(c, close, p);
}

}  // namespace prism::json::detail
