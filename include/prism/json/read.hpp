// prism: typed JSON reading, the writer's mirror. Walks the target by its kind (core/kind.hpp), the same
// descriptions the writer uses, and builds the objects straight from the text: no DOM in between.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <chrono>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>

#include "../core/detail/reused_nodes.hpp"
#include "../core/kind.hpp"
#include "../core/result.hpp"
#include "../core/string_pool.hpp"
#include "../core/view.hpp"
#include "detail/names.hpp"
#include "detail/parse.hpp"
#include "options.hpp"
#include "raw.hpp"
#include "value.hpp"

namespace prism::json {

namespace detail {

template <class View, class T>
bool read_value(read_context& c, T& out);
template <class View, class T>
bool read_sequence(read_context& c, T& out);

// ---- scalars -------------------------------------------------------------------------------------------

/// "number 300 out of range for int8" (kept out of line: the readers' hot paths stay small).
[[gnu::cold, gnu::noinline]] inline bool fail_number_range(read_context& c, const char* first, const char* last,
                                                          std::string_view type, const char* how = "out of range for") {
  return fail(c, error_code::out_of_range, first, "number " + std::string(first, last) + " " + how + " " + std::string(type));
}

/// A malformed number: scan_number says what is wrong with it.
[[gnu::cold, gnu::noinline]] inline bool fail_number_syntax(read_context& c, const char* p) {
  decimal_number d;
  if (scan_number(c, p, d)) fail(c, error_code::syntax_error, p, "malformed number");  // not reached: it records why
  return false;
}

/// A number with a fraction or exponent where an integer belongs (or a malformed one: that error first).
[[gnu::cold, gnu::noinline]] inline bool fail_not_integer(read_context& c, const char* p) {
  decimal_number d;
  if (!scan_number(c, p, d)) return false;
  return fail(c, error_code::type_mismatch, p, "expected integer, found a number with a fraction or exponent");
}

template <class I>
bool read_integer(read_context& c, I& out) {
  const char* p = c.p;
  const char* e = c.end;
  bool negative = p != e && *p == '-';
  const char* q = p + negative;
  if (q == e || !is_digit(*q)) [[unlikely]]
    return negative ? fail_number_syntax(c, p) : fail_expected(c, "integer", p);
  std::uint64_t v = 0;
  bool overflow = false;
  if (*q == '0') {
    ++q;
    if (q != e && is_digit(*q)) [[unlikely]]
      return fail_number_syntax(c, p);
  } else {
    const char* safe = e - q > 19 ? q + 19 : e;  // 19 digits cannot overflow 64 bits
    q = accumulate_short_digits(q, safe, v);
    while (q != e && is_digit(*q)) {
      overflow |= __builtin_mul_overflow(v, 10u, &v) || __builtin_add_overflow(v, static_cast<unsigned>(*q - '0'), &v);
      ++q;
    }
  }
  if (q != e && (*q == '.' || *q == 'e' || *q == 'E')) [[unlikely]]
    return fail_not_integer(c, p);
  using U = std::make_unsigned_t<I>;
  constexpr auto max = static_cast<std::uint64_t>(std::numeric_limits<I>::max());
  if (negative) {
    // the magnitude of the most negative value is max + 1; unsigned targets take only -0
    constexpr std::uint64_t limit = std::is_signed_v<I> ? max + 1 : 0;
    if (overflow || v > limit) [[unlikely]]
      return fail_number_range(c, p, q, alternative_name<I>());
    out = static_cast<I>(static_cast<U>(0) - static_cast<U>(v));
  } else {
    if (overflow || v > max) [[unlikely]]
      return fail_number_range(c, p, q, alternative_name<I>());
    out = static_cast<I>(v);
  }
  c.p = q;
  return true;
}

/// The scanned number d as the nearest F; c.p moves past it.
template <class F>
[[gnu::always_inline]] inline bool finish_floating(read_context& c, const decimal_number& d, F& out) {
  if (!to_float(d, out)) [[unlikely]]
    return fail_number_range(c, d.first, d.last, alternative_name<F>(), "too large for");
  c.p = d.last;
  return true;
}

/// read_floating for what scan_number_fast leaves: out of line, so that the fast path's number stays in registers.
template <class F>
[[gnu::noinline]] bool read_floating_carefully(read_context& c, F& out) {
  decimal_number d;
  if (!scan_number(c, c.p, d)) return false;
  return finish_floating(c, d, out);
}

/// Always inlined into read_value: one call per number rather than two.
template <class F>
[[gnu::always_inline]] inline bool read_floating(read_context& c, F& out) {
  const char* p = c.p;
  if (p == c.end || (*p != '-' && !is_digit(*p))) [[unlikely]]
    return fail_expected(c, "number", p);
  decimal_number d;
  if (!scan_number_fast(p, c.end, d)) [[unlikely]]
    return read_floating_carefully(c, out);
  return finish_floating(c, d, out);
}

inline bool read_bool(read_context& c, bool& out) {
  const char* p = c.p;
  if (const char* t = match_literal(p, c.end, "true")) {
    out = true;
    c.p = t;
    return true;
  }
  if (const char* f = match_literal(p, c.end, "false")) {
    out = false;
    c.p = f;
    return true;
  }
  if (p != c.end && (*p == 't' || *p == 'f')) return fail_literal(c, p, *p == 't' ? "true" : "false");
  return fail_expected(c, "boolean", p);
}

inline bool read_null(read_context& c) {
  const char* p = c.p;
  if (const char* n = match_literal(p, c.end, "null")) {
    c.p = n;
    return true;
  }
  if (p != c.end && *p == 'n') return fail_literal(c, p, "null");
  return fail_expected(c, "null", p);
}

inline bool at_null(const read_context& c) { return c.p != c.end && *c.p == 'n'; }

/// The text of the string at c.p, in the input when it has no escapes, else decoded into `buffer`. With
/// numbers_as_strings, a number's own text. Moves c.p past it.
inline bool read_text(read_context& c, std::string& buffer, std::string_view& text, bool& in_input) {
  const char* p = c.p;
  if (p != c.end && *p == '"') [[likely]] {
    const char* after = read_string_text(c, p, buffer, text);
    if (!after) return false;
    in_input = text.data() != buffer.data();
    c.p = after;
    return true;
  }
  if (c.opts.numbers_as_strings && p != c.end && (*p == '-' || is_digit(*p))) {
    decimal_number d;
    const char* after = scan_number(c, p, d);
    if (!after) return false;
    text = {p, static_cast<std::size_t>(after - p)};
    in_input = true;
    c.p = after;
    return true;
  }
  return fail_expected(c, "string", p);
}

/// The text of the value at c.p, checked (json::raw, json::raw_view): from its first byte to its last, no whitespace.
template <class S>
bool read_json_text(read_context& c, S& out) {
  const char* first = c.p;
  if (!skip_value(c)) return false;
  std::string_view text(first, static_cast<std::size_t>(c.p - first));
  if constexpr (requires { adapter<S>::views_text; }) {
    if (c.opts.strings) text = c.opts.strings->intern(text);
    out = S(text);
    return true;
  } else {
    return adapter<S>::assign(out, text);
  }
}

template <class S>
bool read_string(read_context& c, S& out) {
  if constexpr (std::is_same_v<S, std::string>) {  // decoded straight into the target, no copy in between
    const char* p = c.p;
    if (p != c.end && *p == '"') [[likely]] {
      const char* first = p + 1;
      const char* from;
      if (const char* quote = short_string_end(first, c.end, from)) [[likely]] {
        adapter<S>::assign(out, std::string_view(first, static_cast<std::size_t>(quote - first)));
        c.p = quote + 1;
        return true;
      }
      scan_stop s = scan_plain(from, c.end);
      adapter<S>::assign(out, std::string_view(first, static_cast<std::size_t>(s.at - first)));
      if (!s.utf8_error && s.at != c.end && *s.at == '"') [[likely]] {
        c.p = s.at + 1;
        return true;
      }
      const char* after = decode_string(c, s.at, out);
      if (!after) return false;
      c.p = after;
      return true;
    }
  }
  const char* start = c.p;
  std::string_view text;
  bool in_input = false;
  if (!read_text(c, c.scratch, text, in_input)) return false;
  if constexpr (requires { adapter<S>::views_text; }) {
    if (c.opts.strings) {
      text = c.opts.strings->intern(text);
    } else if (std::is_same_v<S, const char*> || !in_input) {
      return fail(c, error_code::invalid_value, start,
                  std::is_same_v<S, const char*>
                      ? "a C string field needs read_options::strings to hold its text"
                      : "a string_view field cannot view text with escapes; set read_options::strings");
    }
    if constexpr (std::is_same_v<S, const char*>) out = text.data();
    else out = S(text.data(), text.size());
    return true;
  } else {
    static_assert(requires { adapter<S>::assign(out, text); },
                  "prism: this string type cannot be read (char* has no text to own; use std::string, or const "
                  "char* with a string_pool)");
    if (!adapter<S>::assign(out, text)) [[unlikely]]
      return fail(c, error_code::out_of_range, start, "string of " + std::to_string(text.size()) + " bytes too long for its target");
    return true;
  }
}

inline bool read_char(read_context& c, char& out) {
  const char* start = c.p;
  std::string_view text;
  bool in_input;
  if (!read_text(c, c.scratch, text, in_input)) return false;
  if (text.size() != 1) return fail(c, error_code::invalid_value, start, "expected a one-character string");
  out = text[0];
  return true;
}

template <class E>
bool read_enum(read_context& c, E& out) {
  using U = std::underlying_type_t<E>;
  if (c.opts.enums_as_numbers) {
    const char* start = c.p;
    U v;
    if (!read_integer(c, v)) return false;
    if (!prism::detail::enum_value_allowed<E>(v))
      return fail(c, error_code::unknown_enumerator, start,
                  "number " + std::to_string(v) + " is no enumerator of " + std::string(prism::detail::type_name<E>()));
    out = static_cast<E>(v);
    return true;
  }
  const char* start = c.p;
  std::string_view text;
  bool in_input;
  if (!read_text(c, c.scratch, text, in_input)) return false;
  using names = prism::detail::enum_names<E>;
  for (std::size_t i = 0; i < names::table.size(); ++i) {
    if (!names::table[i].empty() && names::table[i] == text) {
      out = std::bit_cast<E>(static_cast<U>(names::min + static_cast<long long>(i)));
      return true;
    }
  }
  return fail(c, error_code::unknown_enumerator, start,
              "unknown enumerator \"" + std::string(text) + "\" for " + std::string(prism::detail::type_name<E>()));
}

inline int base64_value(char ch) noexcept {
  if (ch >= 'A' && ch <= 'Z') return ch - 'A';
  if (ch >= 'a' && ch <= 'z') return ch - 'a' + 26;
  if (ch >= '0' && ch <= '9') return ch - '0' + 52;
  if (ch == '+') return 62;
  if (ch == '/') return 63;
  return -1;
}

template <class B>
bool read_bytes(read_context& c, B& out) {
  const char* start = c.p;
  std::string_view text;
  bool in_input;
  if (!read_text(c, c.scratch, text, in_input)) return false;
  auto bad = [&] { return fail(c, error_code::invalid_value, start, "invalid base64 (standard alphabet, padded)"); };
  if (text.size() % 4 != 0) return bad();
  std::size_t padding = text.empty() ? 0 : std::size_t{text.back() == '='} + (text.size() > 1 && text[text.size() - 2] == '=');
  std::size_t n = text.size() / 4 * 3 - padding;
  if constexpr (requires { out.resize(n); }) {
    out.resize(n);
  } else if (std::size(out) != n) {
    return fail(c, error_code::invalid_value, start,
                "expected " + std::to_string(std::size(out)) + " bytes, found " + std::to_string(n));
  }
  auto* o = reinterpret_cast<unsigned char*>(std::data(out));
  for (std::size_t i = 0, k = 0; i < text.size(); i += 4) {
    int v[4];
    for (int j = 0; j < 4; ++j) {
      bool pad_allowed = i + 4 == text.size() && j >= 4 - static_cast<int>(padding);
      v[j] = pad_allowed ? 0 : base64_value(text[i + static_cast<std::size_t>(j)]);
      if (v[j] < 0) return bad();
    }
    unsigned bits = (unsigned(v[0]) << 18) | (unsigned(v[1]) << 12) | (unsigned(v[2]) << 6) | unsigned(v[3]);
    for (int j = 0; j < 3 && k < n; ++j) o[k++] = static_cast<unsigned char>(bits >> (16 - 8 * j));
  }
  return true;
}

/// RFC 3339: 2026-11-22T09:30:00.250Z or with an offset (+01:00); 't', 'z' and a space for 'T' too. Digits
/// beyond the target's precision are truncated toward the past. Leap seconds (:60) are not representable.
template <class TP>
bool read_timestamp(read_context& c, TP& out) {
  using namespace std::chrono;
  const char* start = c.p;
  std::string_view t;
  bool in_input;
  if (!read_text(c, c.scratch, t, in_input)) return false;
  auto bad = [&](const char* why) { return fail(c, error_code::invalid_value, start, std::string("invalid RFC 3339 timestamp: ") + why); };
  auto num = [&](std::size_t at, std::size_t n, int& v) {
    if (at + n > t.size()) return false;
    v = 0;
    for (std::size_t i = at; i < at + n; ++i) {
      if (!is_digit(t[i])) return false;
      v = v * 10 + (t[i] - '0');
    }
    return true;
  };
  int Y, M, D, h, m, s;
  if (!num(0, 4, Y) || t.size() < 19 || t[4] != '-' || !num(5, 2, M) || t[7] != '-' || !num(8, 2, D) ||
      (t[10] != 'T' && t[10] != 't' && t[10] != ' ') || !num(11, 2, h) || t[13] != ':' || !num(14, 2, m) ||
      t[16] != ':' || !num(17, 2, s))
    return bad("expected YYYY-MM-DDTHH:MM:SS");
  year_month_day ymd{year{Y}, month{static_cast<unsigned>(M)}, day{static_cast<unsigned>(D)}};
  if (!ymd.ok() || h > 23 || m > 59 || s > 59) return bad(s == 60 ? "leap seconds are not supported" : "field out of range");
  std::size_t i = 19;
  using D_ = typename TP::duration;
  D_ fraction{};
  if (i < t.size() && t[i] == '.') {  // read to the nanosecond; finer digits are dropped
    std::size_t first = ++i;
    std::int64_t nanos = 0;
    for (; i < t.size() && is_digit(t[i]); ++i)
      if (i - first < 9) nanos = nanos * 10 + (t[i] - '0');
    if (i == first) return bad("expected digits after '.'");
    for (std::size_t d = i - first; d < 9; ++d) nanos *= 10;
    fraction = floor<D_>(nanoseconds(nanos));
  }
  int offset_minutes = 0;
  if (i < t.size() && (t[i] == 'Z' || t[i] == 'z')) {
    ++i;
  } else if (i < t.size() && (t[i] == '+' || t[i] == '-')) {
    int oh, om;
    if (!num(i + 1, 2, oh) || i + 3 >= t.size() || t[i + 3] != ':' || !num(i + 4, 2, om) || oh > 23 || om > 59)
      return bad("expected an offset +HH:MM");
    offset_minutes = (t[i] == '-' ? -1 : 1) * (oh * 60 + om);
    i += 6;
  } else {
    return bad("expected 'Z' or an offset");
  }
  if (i != t.size()) return bad("unexpected text after the time zone");
  sys_seconds secs = sys_days{ymd} + hours{h} + minutes{m} + seconds{s} - minutes{offset_minutes};
  int utc_year = static_cast<int>(year_month_day{floor<days>(secs)}.year());
  if (utc_year < 0 || utc_year > 9999)  // what the writer can write back
    return fail(c, error_code::out_of_range, start, "timestamp outside the years 0000-9999 in UTC");
  using P = typename D_::period;
  if constexpr (std::ratio_less_v<P, std::ratio<1>> && P::num == 1) {
    // finer than a second: the ticks may not reach that far (64-bit nanoseconds span 1677-2262), so count
    // them with overflow checks; a negative time with a fraction is counted from the second above it
    using rep = typename D_::rep;
    constexpr rep per_second = static_cast<rep>(P::den);
    const std::int64_t whole = secs.time_since_epoch().count();
    const rep part = fraction.count();
    rep ticks;
    bool overflow = whole < 0 && part > 0
                        ? __builtin_mul_overflow(whole + 1, per_second, &ticks) || __builtin_sub_overflow(ticks, per_second - part, &ticks)
                        : __builtin_mul_overflow(whole, per_second, &ticks) || __builtin_add_overflow(ticks, part, &ticks);
    if (overflow) return fail(c, error_code::out_of_range, start, "timestamp outside the range of its clock's duration");
    out = TP(D_(ticks));
  } else {  // a second or coarser: dividing cannot overflow, and the fraction is below one tick
    out = TP(floor<D_>(secs.time_since_epoch()) + fraction);
  }
  return true;
}

// ---- containers ----------------------------------------------------------------------------------------

/// Adds one element to a growable sequence and reads it in place where the container allows.
template <class View, class C>
bool read_element(read_context& c, C& out, typename C::iterator& last, prism::detail::reused_nodes<C>& spare) {
  using V = typename C::value_type;
  if (!charge<V>(c)) return false;
  // An element the error is in is taken out again: a sequence holds the elements read before the error.
  if constexpr (requires { { out.emplace_back() } -> std::same_as<V&>; }) {
    (void)last;
    if (read_value<View>(c, out.emplace_back())) [[likely]]
      return true;
    out.pop_back();
    return false;
  } else if constexpr (requires { out.emplace_after(last); }) {  // forward_list: append after the last
    const auto before = last;
    last = out.emplace_after(last);
    if (read_value<View>(c, *last)) [[likely]]
      return true;
    out.erase_after(before);
    last = before;
    return false;
  } else {  // sets, and vector<bool> whose elements are proxies: read, then insert
    V v{};
    if (!read_value<View>(c, v)) return false;
    spare.add(out, std::move(v));
    return true;
  }
}

/// An element of a short fixed-size sequence: a number's reader inlined into the sequence's loop (a coordinate pair
/// is two numbers, and a call each cost as much as reading them), anything else through read_value.
template <class View, bool Short, class E>
[[gnu::always_inline]] inline bool read_short_element(read_context& c, E& out) {
  if constexpr (Short && treatment_of<View, E> == treatment::usual && kind_of<E> == kind::floating)
    return read_floating(c, out);
  else
    return read_value<View>(c, out);
}

/// Elements from index `from` on of a sequence with operator[] whose '[' is behind (counted in c.depth), at c.p: over
/// the `had` it holds first, keeping their strings' and vectors' storage (a reused target then allocates nothing; each
/// element still comes out as a fresh one would, see read_record), then appended.
template <class View, class T>
bool read_indexed_elements(read_context& c, T& out, std::size_t from, std::size_t had) {
  const bool outer = c.reusing;
  for (std::size_t i = from;; ++i) {
    c.reusing = i < had;
    bool ok = i < had ? read_value<View>(c, out[i])
                      : charge<typename T::value_type>(c) && read_value<View>(c, out.emplace_back());
    c.reusing = outer;
    if (!ok) {  // the elements before the one the error is in, whatever the input (read_element does the same)
      out.erase(out.begin() + static_cast<std::ptrdiff_t>(i), out.end());
      prism::detail::prepend_path(c.err.path, "[", std::to_string(i), "]");
      return false;
    }
    if (!next_item(c, ']')) {
      if (c.err.code != error_code::none) {  // after element i: the elements read, none held before
        if (i + 1 < had) out.erase(out.begin() + static_cast<std::ptrdiff_t>(i + 1), out.end());
        return false;
      }
      if (i + 1 < had) out.erase(out.begin() + static_cast<std::ptrdiff_t>(i + 1), out.end());
      return true;
    }
  }
}

/// Whether T is an array of numbers read as numbers, which read_number_array reads: a short fixed-size one (a
/// coordinate pair, a 3-vector) or a growable one with operator[] (std::vector, std::deque).
template <class View, class T>
consteval bool is_number_array() {
  if constexpr (kind_of<T> == kind::sequence && treatment_of<View, T> == treatment::usual) {
    using E = std::remove_cvref_t<decltype(*std::begin(std::declval<T&>()))>;
    constexpr std::size_t n = prism::detail::fixed_extent<T>;
    constexpr bool number = treatment_of<View, E> == treatment::usual &&
                            (kind_of<E> == kind::floating || kind_of<E> == kind::integer);
    if constexpr (n != std::size_t(-1)) return number && n >= 1 && n <= 4;
    else return number && requires(T& t) { { t[0] } -> std::same_as<E&>; t.emplace_back(); t.erase(t.begin(), t.end()); };
  } else {
    return false;
  }
}

/// An integer in its usual text at p (p != e): its end, or nullptr for anything read_integer may judge otherwise.
template <class I>
[[gnu::always_inline]] inline const char* scan_integer_fast(const char* p, const char* e, I& out) noexcept {
  const bool negative = *p == '-';
  const char* const first = p + negative;
  std::uint64_t v = 0;
  const char* end = accumulate_short_digits(first, e - first > 18 ? first + 18 : e, v);  // 18 digits fit
  if (end == first || (*first == '0' && end - first > 1) ||
      (end != e && (is_digit(*end) || *end == '.' || (*end | 0x20) == 'e'))) [[unlikely]]
    return nullptr;
  using U = std::make_unsigned_t<I>;
  constexpr auto max = static_cast<std::uint64_t>(std::numeric_limits<I>::max());
  if (v > (negative ? (std::is_signed_v<I> ? max + 1 : 0) : max)) [[unlikely]]
    return nullptr;
  out = static_cast<I>(negative ? static_cast<U>(0) - static_cast<U>(v) : static_cast<U>(v));
  return end;
}

/// Where an element of a number array ends: `next` after the ',' and the whitespace after it (more follow) or after
/// the ']'; nullptr when the text is not the usual one.
struct listed_number {
  const char* next;
  bool more;
};

/// The number at p, an element of a number array, and the ',' or ']' after it, in their usual text (the general
/// reader judges anything else: another value, an error, more than 19 digits, a huge exponent). A call per number:
/// inlined, g++'s code read canada's pairs a third slower.
template <class E>
[[gnu::noinline]] listed_number read_listed_number(const char* p, const char* e, E& out) noexcept {
  if (p == e || (*p != '-' && !is_digit(*p))) [[unlikely]]
    return {nullptr, false};
  if constexpr (kind_of<E> == kind::floating) {
    decimal_number d;
    if (!(p = scan_number_fast(p, e, d)) || !to_float(d, out)) [[unlikely]]
      return {nullptr, false};
  } else if (!(p = scan_integer_fast(p, e, out))) [[unlikely]] {
    return {nullptr, false};
  }
  p = skip_whitespace(p, e);
  if (p != e && *p == ',') [[likely]]
    return {skip_whitespace(p + 1, e), true};
  if (p != e && *p == ']') return {p + 1, false};
  return {nullptr, false};
}

/// An array of numbers (see is_number_array), read with the cursor in a register: through c.p between its tokens
/// (stored, then loaded back by the next token's reader) each number waits on a store. Where the text is not the
/// usual one, the general reader takes over: a short fixed-size array from its start (a few numbers again), a
/// growable one from the element in question on (its errors, its path), so a long array never reads twice.
template <class View, class T>
[[gnu::always_inline]] inline bool read_number_array(read_context& c, T& out) {
  constexpr std::size_t n = prism::detail::fixed_extent<T>;
  const char* p = c.p;
  const char* const e = c.end;
  if (p == e || *p != '[' || c.depth >= c.opts.max_depth) [[unlikely]]
    return read_sequence<View>(c, out);
  p = skip_whitespace(p + 1, e);
  if constexpr (n != std::size_t(-1)) {
    const bool read = [&]<std::size_t... I>(std::index_sequence<I...>) {  // unrolled: canada 4% faster than a loop
      const auto element = [&](auto& x, bool last) {
        const listed_number r = read_listed_number(p, e, x);
        p = r.next;
        return r.next && r.more != last;
      };
      return (element(out[I], I + 1 == n) && ...);
    }(std::make_index_sequence<n>{});
    if (!read) [[unlikely]]
      return read_sequence<View>(c, out);
  } else if (p != e && *p == ']') {
    out.clear();
    ++p;
  } else {
    const std::size_t had = out.size();  // read over these first, as read_indexed_elements does
    for (std::size_t i = 0;; ++i) {
      if (i >= had) {
        c.p = p;  // where a charge past the limit reports
        if (!charge<typename T::value_type>(c)) [[unlikely]]
          return false;
      }
      const listed_number r = read_listed_number(p, e, i < had ? out[i] : out.emplace_back());
      if (!r.next) [[unlikely]] {
        c.p = p;
        ++c.depth;
        return read_indexed_elements<View>(c, out, i, std::max(had, i + 1));
      }
      p = r.next;
      if (!r.more) {
        if (i + 1 < had) out.erase(out.begin() + static_cast<std::ptrdiff_t>(i + 1), out.end());
        break;
      }
    }
  }
  c.p = p;
  return true;
}

template <class View, class T>
bool read_sequence(read_context& c, T& out) {
  if (!open_container(c, '[', "array")) return false;
  auto element_failed = [&](std::size_t i) {
    prism::detail::prepend_path(c.err.path, "[", std::to_string(i), "]");
    return false;
  };
  if constexpr (constexpr std::size_t n = prism::detail::fixed_extent<T>; n != std::size_t(-1)) {
    if (n == 0) {
      if (close_if_empty(c, ']')) return true;
      return fail(c, error_code::type_mismatch, c.p, "expected 0 elements, found more");
    }
    for (std::size_t i = 0; i < n; ++i) {
      const char* at = c.p;
      if (!read_short_element<View, (n <= 4)>(c, out[i])) [[unlikely]] {
        if (at == c.end || *at != ']') return element_failed(i);
        // too few elements: no value starts with ']', so its reader failed at once; say what is wrong instead
        c.err.code = error_code::none;
        return fail(c, error_code::type_mismatch, at, "expected " + std::to_string(n) + " elements, found " + std::to_string(i));
      }
      if (!next_item(c, ']')) {
        if (c.err.code != error_code::none) return false;
        if (i + 1 != n)
          return fail(c, error_code::type_mismatch, c.p - 1, "expected " + std::to_string(n) + " elements, found " + std::to_string(i + 1));
        return true;
      }
    }
    return fail(c, error_code::type_mismatch, c.p, "expected " + std::to_string(n) + " elements, found more");
  } else {
    static_assert(requires { out.clear(); },
                  "prism: this sequence cannot be read (a span views elements it does not own)");
    if (close_if_empty(c, ']')) {
      out.clear();
      return true;
    }
    if constexpr (requires { { out[0] } -> std::same_as<typename T::value_type&>; out.erase(out.begin(), out.end()); }) {
      return read_indexed_elements<View>(c, out, 0, out.size());
    }
    prism::detail::reused_nodes<T> spare(out);
    typename T::iterator last{};
    if constexpr (requires { out.before_begin(); }) last = out.before_begin();
    for (std::size_t i = 0;; ++i) {
      if (!read_element<View>(c, out, last, spare)) return element_failed(i);
      if (!next_item(c, ']')) return c.err.code == error_code::none;
    }
  }
}

template <class View, class T>
bool read_tuple(read_context& c, T& out) {
  if (!open_container(c, '[', "array")) return false;
  constexpr std::size_t n = std::tuple_size_v<T>;
  bool more = !close_if_empty(c, ']');  // false once the closing bracket is consumed
  auto element = [&]<std::size_t I>(std::integral_constant<std::size_t, I>) {
    if (!more)
      return fail(c, error_code::type_mismatch, c.p - 1, "expected " + std::to_string(n) + " elements, found " + std::to_string(I));
    if (!read_value<View>(c, std::get<I>(out))) {
      prism::detail::prepend_path(c.err.path, "[", std::to_string(I), "]");
      return false;
    }
    more = next_item(c, ']');
    return c.err.code == error_code::none;
  };
  bool ok = [&]<std::size_t... I>(std::index_sequence<I...>) {
    return (element(std::integral_constant<std::size_t, I>{}) && ...);
  }(std::make_index_sequence<n>{});
  if (!ok) return false;
  if (more) return fail(c, error_code::type_mismatch, c.p, "expected " + std::to_string(n) + " elements, found more");
  return true;
}

/// An object key as a map key: strings as they are, integers and enums from their text.
template <class K>
bool read_map_key(read_context& c, std::string_view text, bool in_input, const char* at, K& key) {
  constexpr kind kk = kind_of<K>;
  if constexpr (kk == kind::string) {
    if constexpr (requires { adapter<K>::views_text; }) {
      if (c.opts.strings) text = c.opts.strings->intern(text);
      else if (!in_input)
        return fail(c, error_code::invalid_value, at, "a string_view key cannot view text with escapes; set read_options::strings");
      key = K(text.data(), text.size());
      return true;
    } else {
      if (!adapter<K>::assign(key, text)) return fail(c, error_code::out_of_range, at, "key too long for its target");
      return true;
    }
  } else if constexpr (kk == kind::integer || kk == kind::enumeration) {
    using I = typename std::conditional_t<kk == kind::integer, std::type_identity<K>, std::underlying_type<K>>::type;
    if constexpr (kk == kind::enumeration) {
      if (!c.opts.enums_as_numbers) {
        using names = prism::detail::enum_names<K>;
        for (std::size_t i = 0; i < names::table.size(); ++i)
          if (!names::table[i].empty() && names::table[i] == text) {
            key = std::bit_cast<K>(static_cast<I>(names::min + static_cast<long long>(i)));
            return true;
          }
        return fail(c, error_code::unknown_enumerator, at,
                    "unknown enumerator \"" + std::string(text) + "\" for " + std::string(prism::detail::type_name<K>()));
      }
    }
    I v{};
    auto r = std::from_chars(text.data(), text.data() + text.size(), v);
    if (r.ec != std::errc{} || r.ptr != text.data() + text.size() || text.empty())
      return fail(c, r.ec == std::errc::result_out_of_range ? error_code::out_of_range : error_code::type_mismatch, at,
                  "expected an integer key, found \"" + std::string(text) + "\"");
    if constexpr (kk == kind::enumeration) {
      if (!prism::detail::enum_value_allowed<K>(v))
        return fail(c, error_code::unknown_enumerator, at,
                    "key " + std::string(text) + " is no enumerator of " + std::string(prism::detail::type_name<K>()));
    }
    key = static_cast<K>(v);
    return true;
  } else {
    static_assert(kk == kind::string, "prism: JSON object keys must be strings, integers or enums");
    return false;
  }
}

template <class View, class T>
bool read_map(read_context& c, T& out) {
  using K = typename adapter<T>::key_type;
  using V = typename adapter<T>::mapped_type;
  if (!open_container(c, '{', "object")) return false;
  prism::detail::reused_nodes<T> spare(out);
  if (close_if_empty(c, '}')) return true;
  std::string key_text_buffer;
  for (;;) {
    const char* at = c.p;
    if (at == c.end || *at != '"') return fail_expected(c, "a string key", at, error_code::syntax_error);
    std::string_view text;
    const char* after = read_string_text(c, at, key_text_buffer, text);
    if (!after) return false;
    bool in_input = text.data() != key_text_buffer.data();
    after = skip_whitespace(after, c.end);
    if (after == c.end || *after != ':') return fail_expected(c, "':'", after, error_code::syntax_error);
    c.p = skip_whitespace(after + 1, c.end);
    K key{};
    if (!read_map_key(c, text, in_input, at, key)) return false;
    if (c.opts.reject_duplicate_keys && out.find(key) != out.end()) [[unlikely]]
      return fail_duplicate_key(c, at, text);
    bool ok = charge<std::pair<K, V>>(c);
    if constexpr (requires { out.try_emplace(std::move(key)); }) {
      ok = ok && read_value<View>(c, spare.add(out, std::move(key), V{})->second);  // a duplicate key: the last one wins
    } else {  // multimaps keep every pair
      V v{};
      ok = ok && read_value<View>(c, v);
      if (ok) spare.add(out, std::move(key), std::move(v));
    }
    if (!ok) {
      prism::detail::prepend_path(c.err.path, "[\"", text, "\"]");
      return false;
    }
    if (!next_item(c, '}')) return c.err.code == error_code::none;
  }
}

// ---- records -------------------------------------------------------------------------------------------

/// Reads a value that travels as representation `rep` carries it (see core/view.hpp): surrogates, and what
/// views represent differently.
template <class View, class Rep, class V>
bool read_represented(read_context& c, const Rep& rep, V& out) {
  using R = representation<Rep, V>;
  static_assert(R::readable,
                "prism: this representation has no `from` function, so it can be written but not read; pass one as "
                "the second argument of prism::as");
  typename R::wire wire{};
  const char* start = c.p;
  if (!read_value<View>(c, wire)) return false;
  decltype(auto) value = R::from(rep, std::move(wire));
  if constexpr (prism::detail::is_result<std::remove_cvref_t<decltype(value)>>) {
    if (!value) return fail(c, value.error().code, start, value.error().detail);
    out = std::move(*value);
  } else {
    out = std::move(value);
  }
  return true;
}

/// Computed fields (a getter and no setter) are written only; a reader skips their values.
template <class F>
inline constexpr bool is_computed_field = false;
template <class C, class Get>
inline constexpr bool is_computed_field<property_field<C, Get, std::nullptr_t>> = true;

/// The field object behind slot S of record T in View (a description's field, or one the view adds), or
/// nullptr for a reflected aggregate member.
template <class View, class T, std::size_t S>
constexpr const auto& slot_field() {
  using L = view_record<View, T>;
  constexpr std::size_t source = L::source[S];
  if constexpr (source >= L::declared) return std::get<source - L::declared>(L::entry.list);
  else if constexpr (prism::detail::has_description<T>) return std::get<source>(description<T>.list);
  else return L::npos;  // no field object: reflected members are reached by index
}

template <class View, class T, std::size_t S>
using slot_field_type = std::remove_cvref_t<decltype(slot_field<View, T, S>())>;

/// The type of slot S's value: a field object's value_type, or a reflected member's type.
template <class View, class T, std::size_t S, class F = slot_field_type<View, T, S>>
struct slot_value {
  using type = typename F::value_type;
};
template <class View, class T, std::size_t S>
struct slot_value<View, T, S, std::size_t> {
  using type = field_type_of<T, view_record<View, T>::source[S]>;
};
template <class View, class T, std::size_t S>
using slot_value_type = typename slot_value<View, T, S>::type;

template <class View, class T, std::size_t S>
constexpr bool slot_is_required(const read_options& o) {
  using F = slot_field_type<View, T, S>;
  if constexpr (!std::is_same_v<F, std::size_t>) {
    if constexpr (is_computed_field<F>) return false;
    else if (slot_field<View, T, S>().is_required) return true;
    return o.require_all_fields && !may_be_null<typename F::value_type>;
  } else {
    return o.require_all_fields && !may_be_null<field_type_of<T, view_record<View, T>::source[S]>>;
  }
}

/// Whether any slot of T in View is marked required, whatever the options: records with none skip the check.
template <class View, class T>
inline constexpr bool has_marked_required = []<std::size_t... S>(std::index_sequence<S...>) {
  return (slot_is_required<View, T, S>(read_options{}) || ...);
}(std::make_index_sequence<view_record<View, T>::size>{});

/// Slot S of obj handed to read(target) to be read into: a data member in place, a property through its setter
/// (read into a temporary first); a computed field is written only, so skip() passes over its value.
template <class View, class T, std::size_t S, class Read, class Skip>
[[gnu::always_inline]] inline bool into_slot(T& obj, Read&& read, Skip&& skip) {
  using L = view_record<View, T>;
  using F = slot_field_type<View, T, S>;
  if constexpr (std::is_same_v<F, std::size_t>) {
    return read(prism::detail::member<L::source[S]>(obj));
  } else if constexpr (is_computed_field<F>) {
    return skip();
  } else {
    const auto& f = slot_field<View, T, S>();
    if constexpr (requires { f.ref(obj); }) {
      return read(f.ref(obj));
    } else {
      typename F::value_type v{};
      if (!read(v)) return false;
      std::invoke(f.setter, obj, std::move(v));
      return true;
    }
  }
}

/// Reads the value at c.p into slot S of obj (into_slot), through the slot's representation where it has one.
template <class View, class T, std::size_t S>
bool read_slot(read_context& c, T& obj) {
  using L = view_record<View, T>;
  auto read = [&](auto& target) {
    if constexpr (constexpr std::size_t k = L::represent_modifier(S); k != L::npos)
      return read_represented<View>(c, std::get<k>(L::entry.list).rep, target);
    else
      return read_value<View>(c, target);
  };
  return into_slot<View, T, S>(obj, read, [&] { return skip_value(c); });
}

/// Moves src into dst, element by element for C arrays.
template <class F>
void move_assign(F& dst, F& src) {
  if constexpr (std::is_array_v<F>) {
    for (std::size_t i = 0; i < std::extent_v<F>; ++i) move_assign(dst[i], src[i]);
  } else {
    dst = std::move(src);
  }
}

/// Gives declared field I of obj its value in `defaults`, a default-constructed T (so default member
/// initializers count): for elements read over old ones, whose fields the document leaves out.
template <class T, std::size_t I>
void reset_field(T& obj, T& defaults) {
  if constexpr (prism::detail::has_description<T>) {
    const auto& f = std::get<I>(description<T>.list);
    using F = std::remove_cvref_t<decltype(f)>;
    if constexpr (requires { f.ref(obj); }) move_assign(f.ref(obj), f.ref(defaults));
    else if constexpr (!is_computed_field<F>) std::invoke(f.setter, obj, f.get(defaults));
  } else {
    move_assign(prism::detail::member<I>(obj), prism::detail::member<I>(defaults));
  }
}

/// reset_field for slot S, which may be a field the view adds.
template <class View, class T, std::size_t S>
void reset_slot(T& obj, T& defaults) {
  using L = view_record<View, T>;
  if constexpr (L::source[S] < L::declared) {
    reset_field<T, L::source[S]>(obj, defaults);
  } else {
    const auto& f = slot_field<View, T, S>();
    if constexpr (!is_computed_field<slot_field_type<View, T, S>>) std::invoke(f.setter, obj, f.get(defaults));
  }
}

/// Resets slot `index` before a repeated key is read again, so the last occurrence wins whole (a nested record
/// is not merged with the earlier one), whether the record is fresh or read over an old element.
template <class View, class T>
[[gnu::cold]] void reset_duplicate(T& obj, std::size_t index) {
  if constexpr (std::is_default_constructible_v<T>) {
    T defaults{};
    [&]<std::size_t... S>(std::index_sequence<S...>) {
      (void)((index == S && (reset_slot<View, T, S>(obj, defaults), true)) || ...);
    }(std::make_index_sequence<view_record<View, T>::size>{});
  }
}

/// Each slot's key as it appears in a document that needs no escapes beyond the writer's: `"name"`.
template <class View, class T>
inline constexpr auto quoted_keys = []<std::size_t... S>(std::index_sequence<S...>) {
  return std::array<std::string_view, sizeof...(S)>{
      std::string_view(field_key<View, T, S>::text.data(), field_key<View, T, S>::size - 1)...};
}(std::make_index_sequence<view_record<View, T>::size>{});

/// The slot named `key`, or the slot count. Most unknown keys fail the length filter at once.
template <class View, class T>
std::size_t find_slot(std::string_view key) noexcept {
  using L = view_record<View, T>;
  constexpr std::uint64_t lengths = [] {
    std::uint64_t m = 0;
    for (std::string_view name : L::names) m |= name.size() < 64 ? std::uint64_t{1} << name.size() : 0;
    return m;
  }();
  if (key.size() < 64 && ((lengths >> key.size()) & 1) == 0) return L::size;
  for (std::size_t i = 0; i < L::size; ++i) {
    std::string_view name = L::names[i];
    if (name.size() == key.size() && same_bytes(name.data(), key.data(), key.size())) return i;
  }
  return L::size;
}

/// Whether the text at p begins with `quoted`, a key as the writer spells it (quotes included).
[[gnu::always_inline]] inline bool starts_with_key(const char* p, const char* e, std::string_view quoted) noexcept {
  return static_cast<std::size_t>(e - p) >= quoted.size() && same_bytes(p, quoted.data(), quoted.size());
}

/// From just after a member's key (at p) past the colon: c.p at the value.
[[gnu::always_inline]] inline bool to_member_value(read_context& c, const char* p) {
  p = skip_whitespace(p, c.end);
  if (p == c.end || *p != ':') return fail_expected(c, "':'", p, error_code::syntax_error);
  c.p = skip_whitespace(p + 1, c.end);
  return true;
}

template <class View, class T>
bool read_record(read_context& c, T& obj) {
  using L = view_record<View, T>;
  constexpr std::size_t n = L::size;
  const char* p;
  const char* e = c.end;
  if (!open_container(c, '{', "object")) return false;
  std::array<bool, n == 0 ? 1 : n> seen{};
  std::size_t seen_count = 0;  // distinct slots read
  bool more = !close_if_empty(c, '}');
  std::size_t next = 0;  // documents usually list fields in declaration order: try that one first
  // The usual document: every key in declaration order, spelled as the writer spells it. Each slot is read where
  // its key is due, with no lookup and no dispatch on the key; at the first other key the loop below takes over.
  bool failed = false;
  const auto read_in_order = [&]<std::size_t S>(std::integral_constant<std::size_t, S>) {
    constexpr std::string_view key = quoted_keys<View, T>[S];
    if (!starts_with_key(c.p, e, key)) return false;
    if (!to_member_value(c, c.p + key.size())) {
      failed = true;
      return false;
    }
    if (!read_slot<View, T, S>(c, obj)) {
      prism::detail::prepend_path(c.err.path, ".", L::names[S]);
      failed = true;
      return false;
    }
    seen[S] = true;
    ++seen_count;
    next = S + 1;
    more = next_item(c, '}');
    failed = c.err.code != error_code::none;
    return more && !failed;
  };
  if (more) {
    [&]<std::size_t... S>(std::index_sequence<S...>) {
      (void)(read_in_order(std::integral_constant<std::size_t, S>{}) && ...);
    }(std::make_index_sequence<n>{});
    if (failed) return false;
  }
  while (more) {
    p = c.p;
    const char* key_at = p;
    if (p == e || *p != '"') return fail_expected(c, "a string key", p, error_code::syntax_error);
    std::size_t index = n;
    std::string_view key;
    if (next < n && starts_with_key(p, e, quoted_keys<View, T>[next])) {
      index = next;
      p += quoted_keys<View, T>[next].size();
    } else {
      if (!(p = read_string_text(c, p, c.scratch, key))) return false;
      index = find_slot<View, T>(key);
    }
    if (!to_member_value(c, p)) return false;
    if (index < n) {
      if (seen[index]) [[unlikely]] {
        if (c.opts.reject_duplicate_keys) return fail_duplicate_key(c, key_at, L::names[index]);
        reset_duplicate<View, T>(obj, index);  // a repeated key: the last one wins, whole
      } else {
        ++seen_count;
      }
      bool ok = [&]<std::size_t... S>(std::index_sequence<S...>) {
        bool r = true;
        (void)((index == S && (r = read_slot<View, T, S>(c, obj), true)) || ...);
        return r;
      }(std::make_index_sequence<n>{});
      if (!ok) {
        prism::detail::prepend_path(c.err.path, ".", L::names[index]);
        return false;
      }
      seen[index] = true;
      next = index + 1;
    } else if (c.opts.reject_unknown_fields) {
      std::string name(key);
      fail(c, error_code::unknown_field, key_at, "unknown field \"" + name + "\" in " + std::string(prism::detail::type_name<T>()));
      prism::detail::prepend_path(c.err.path, ".", name);
      return false;
    } else if (!skip_value(c)) {
      prism::detail::prepend_path(c.err.path, ".", std::string(key));
      return false;
    }
    more = next_item(c, '}');
    if (c.err.code != error_code::none) return false;
  }
  // An element read over an old one: what the document leaves out, and the fields the view omits, must not be
  // stale. Rare (documents usually have every field), so a default T is made only then.
  constexpr bool view_omits = L::kept < L::declared;
  if (c.reusing && (view_omits || seen_count != n)) {
    if constexpr (std::is_default_constructible_v<T>) {
      T defaults{};
      [&]<std::size_t... S>(std::index_sequence<S...>) {
        ((seen[S] ? void() : reset_slot<View, T, S>(obj, defaults)), ...);
      }(std::make_index_sequence<n>{});
      [&]<std::size_t... I>(std::index_sequence<I...>) {
        ((L::slot_of(I) == L::npos ? reset_field<T, I>(obj, defaults) : void()), ...);
      }(std::make_index_sequence<L::declared>{});
    }
  }
  // required fields, checked once the object is complete (and only where some may be)
  if (seen_count == n || !(has_marked_required<View, T> || c.opts.require_all_fields)) return true;
  return [&]<std::size_t... S>(std::index_sequence<S...>) {
    auto check = [&](std::size_t i, bool required) {
      if (!required || seen[i]) return true;
      fail(c, error_code::missing_field, c.p - 1,
           "missing required field \"" + std::string(L::names[i]) + "\" in " + std::string(prism::detail::type_name<T>()));
      return false;
    };
    (void)check;  // unused when the record has no fields
    return (check(S, slot_is_required<View, T, S>(c.opts)) && ...);
  }(std::make_index_sequence<n>{});
}

// ---- variants ------------------------------------------------------------------------------------------

/// A variant is `{"tag": value}` (see write.hpp), or null for a std::monostate or nullptr_t alternative.
template <class View, class... A>
bool read_variant(read_context& c, std::variant<A...>& out) {
  constexpr std::size_t n = sizeof...(A);
  constexpr std::array<std::string_view, n> tags = {alternative_name<A>()...};
  constexpr std::array<bool, n> is_null_alternative = {(kind_of<A> == kind::null)...};
  const char* p = c.p;
  if (at_null(c)) {
    for (std::size_t i = 0; i < n; ++i)
      if (is_null_alternative[i]) {
        if (!read_null(c)) return false;
        [&]<std::size_t... I>(std::index_sequence<I...>) { (void)((i == I && (out.template emplace<I>(), true)) || ...); }(
            std::make_index_sequence<n>{});
        return true;
      }
  }
  if (p == c.end || *p != '{') return fail_expected(c, "an object naming the alternative", p);
  if (!enter(c, p)) return false;
  p = skip_whitespace(p + 1, c.end);
  if (p == c.end || *p != '"') return fail_expected(c, "a string key naming the alternative", p, error_code::syntax_error);
  std::string_view tag;
  const char* tag_at = p;
  if (!(p = read_string_text(c, p, c.scratch, tag))) return false;
  std::size_t index = n;
  for (std::size_t i = 0; i < n; ++i)
    if (tags[i] == tag && !is_null_alternative[i]) index = i;
  if (index == n)
    return fail(c, error_code::invalid_value, tag_at, "unknown alternative \"" + std::string(tag) + "\"");
  std::string tag_copy(tag);
  p = skip_whitespace(p, c.end);
  if (p == c.end || *p != ':') return fail_expected(c, "':'", p, error_code::syntax_error);
  c.p = skip_whitespace(p + 1, c.end);
  bool ok = [&]<std::size_t... I>(std::index_sequence<I...>) {
    bool r = true;
    (void)((index == I && (r = read_value<View>(c, out.template emplace<I>()), true)) || ...);
    return r;
  }(std::make_index_sequence<n>{});
  if (!ok) {
    prism::detail::prepend_path(c.err.path, ".", tag_copy);
    return false;
  }
  p = skip_whitespace(c.p, c.end);
  if (p == c.end || *p != '}') return fail_expected(c, "'}' after the one alternative", p, error_code::syntax_error);
  c.p = p + 1;
  --c.depth;
  return true;
}

// ---- the walk ------------------------------------------------------------------------------------------

template <class View, class T>
bool read_value(read_context& c, T& out) {
  constexpr kind k = kind_of<T>;
  if constexpr (treatment_of<View, T> == treatment::default_view) {
    return read_value<default_view>(c, out);
  } else if constexpr (treatment_of<View, T> == treatment::represented) {
    return read_represented<View>(c, representation_of<View, T>, out);
  } else if constexpr (!prism::detail::parts_describable<T>) {
    prism::detail::describable_or_stop<T>();  // stops the build with the part's one message
    return false;
  } else if constexpr (k == kind::null) {
    return read_null(c);
  } else if constexpr (k == kind::boolean) {
    return read_bool(c, out);
  } else if constexpr (k == kind::integer) {
    return read_integer(c, out);
  } else if constexpr (k == kind::floating) {
    return read_floating(c, out);
  } else if constexpr (k == kind::character) {
    return read_char(c, out);
  } else if constexpr (prism::detail::is_json_text<T>) {
    return read_json_text(c, out);
  } else if constexpr (k == kind::string) {
    if constexpr (may_be_null<T>) {
      if (at_null(c)) {
        out = nullptr;
        return read_null(c);
      }
    }
    return read_string(c, out);
  } else if constexpr (k == kind::bytes) {
    return read_bytes(c, out);
  } else if constexpr (k == kind::enumeration) {
    return read_enum(c, out);
  } else if constexpr (k == kind::timestamp) {
    return read_timestamp(c, out);
  } else if constexpr (k == kind::duration) {
    typename T::rep count{};
    if (!read_value<View>(c, count)) return false;
    out = T(count);
    return true;
  } else if constexpr (k == kind::optional || k == kind::pointer) {
    if (at_null(c)) {
      adapter<T>::reset(out);
      return read_null(c);
    }
    return read_value<View>(c, adapter<T>::ensure(out));
  } else if constexpr (k == kind::variant) {
    return read_variant<View>(c, out);
  } else if constexpr (k == kind::tuple) {
    return read_tuple<View>(c, out);
  } else if constexpr (k == kind::sequence) {
    if constexpr (is_number_array<View, T>()) return read_number_array<View>(c, out);
    else return read_sequence<View>(c, out);
  } else if constexpr (k == kind::map) {
    return read_map<View>(c, out);
  } else if constexpr (k == kind::record) {
    return read_record<View>(c, out);
  } else if constexpr (k == kind::surrogate) {
    return read_represented<View>(c, description<T>, out);
  } else if constexpr (k == kind::dynamic) {
    return read_dynamic(c, out);
  } else {
    (void)not_describable<T>::value;
    return false;
  }
}

inline error finish_error(read_context& c, std::string_view input) {
  error e = std::move(c.err);
  e.path.insert(0, 1, '$');
  locate(e, input);
  return e;
}

}  // namespace detail

namespace detail {
template <class View, class T>
result<void> read_document(std::string_view input, T& out, const read_options& opts) {
  read_context c(input, opts);
  c.p = skip_whitespace(c.p, c.end);
  if (read_value<View>(c, out)) {
    c.p = skip_whitespace(c.p, c.end);
    if (c.p == c.end) [[likely]]
      return {};
    fail(c, error_code::trailing_content, c.p, "unexpected " + describe_found(c.p, c.end) + " after the document");
  }
  return finish_error(c, input);
}
}  // namespace detail

/// Reads the JSON document `input` into `out` through `view` (a view type, or a prism::one_of chosen at run
/// time). `out` keeps the value of every field the document does not mention (so defaults set beforehand
/// survive). Containers and strings the document names are replaced. On error `out` is partly updated: the
/// fields read before the error hold their new values (see docs/reading.md). std::string_view fields point
/// into `input` (or into read_options::strings).
///   Config cfg; if (auto r = prism::json::read_into(text, cfg, api); !r) std::puts(r.error().message().c_str());
template <class T, view_choice View>
result<void> read_into(std::string_view input, T& out, const View& view, const read_options& opts = {}) {
  return visit_view(view, [&]<class V>(V) { return detail::read_document<V>(input, out, opts); });
}

/// read_into through the types' own descriptions (the default view).
template <class T>
result<void> read_into(std::string_view input, T& out, const read_options& opts = {}) {
  return detail::read_document<default_view>(input, out, opts);
}

/// Reads the JSON document `input` as a T (default-constructed first, so absent fields keep their defaults),
/// through `view`.
///   prism::result<Order> o = prism::json::read<Order>(text, api_v2{});
template <class T, view_choice View>
result<T> read(std::string_view input, const View& view, const read_options& opts = {}) {
  static_assert(std::is_default_constructible_v<T>, "prism: read<T> needs a default-constructible T; use read_into");
  return prism::detail::read_new<T>([&](T& out) { return read_into(input, out, view, opts); });
}

/// Reads the JSON document `input` as a T through the types' own descriptions.
///   prism::result<Order> o = prism::json::read<Order>(text);
///   Order order = prism::json::read<Order>(text).value();  // throws prism::error_exception on error
template <class T>
result<T> read(std::string_view input, const read_options& opts = {}) {
  return read<T>(input, default_view{}, opts);
}

namespace detail {
/// The one error for a T that would point into a temporary string (borrows_input).
template <class T>
constexpr void check_outlives_temporary() {
  static_assert(!borrows_input<T>,
                "prism: this type holds std::string_view or const char* text, which would point into a temporary "
                "std::string that is gone when read returns. Read from a string that outlives the result, or give the "
                "text a prism::string_pool: read<T>(std::string_view(text), {.strings = &pool}).");
}
}  // namespace detail

/// read from a temporary std::string (a function's result): the same, except that a T holding views into the text
/// (std::string_view, const char*) does not compile, since the text is gone when read returns.
template <class T, std::same_as<std::string> S, view_choice View>
result<T> read(S&& input, const View& view, const read_options& opts = {}) {
  detail::check_outlives_temporary<T>();
  return read<T>(std::string_view(input), view, opts);
}

/// read from a temporary std::string through the default view (see above).
template <class T, std::same_as<std::string> S>
result<T> read(S&& input, const read_options& opts = {}) {
  detail::check_outlives_temporary<T>();
  return read<T>(std::string_view(input), default_view{}, opts);
}

/// Checks that `input` is one valid JSON document (RFC 8259), whatever its shape, without building anything.
/// The limits of read_options apply (max_depth; replace_invalid_utf8 accepts invalid UTF-8).
inline result<void> validate(std::string_view input, const read_options& opts = {}) {
  detail::read_context c(input, opts);
  c.p = detail::skip_whitespace(c.p, c.end);
  if (detail::skip_value(c)) {
    c.p = detail::skip_whitespace(c.p, c.end);
    if (c.p == c.end) return {};
    detail::fail(c, error_code::trailing_content, c.p,
                 "unexpected " + detail::describe_found(c.p, c.end) + " after the document");
  }
  return detail::finish_error(c, input);
}

}  // namespace prism::json
