// prism: the low-level streaming JSON writer. The typed writer (write.hpp) drives this same class.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>

#include "../core/result.hpp"
#include "../io/sink.hpp"
#include "detail/dtoa.hpp"
#include "detail/integers.hpp"
#include "detail/strings.hpp"
#include "options.hpp"

// What the low-level writer checks of the order of its calls (misuse). 1, the default with NDEBUG: at finish(), that
// every end_ was of its begin_'s kind (for the outer 64 levels, a bit each in one word; deeper, that as many objects
// ended as began) and none came with nothing open, so that a finished document is well-formed or an error. 2, the
// default without NDEBUG: each end_ of its
// begin_'s kind when it comes, and every key and value where it goes (a value where a key belongs, a key in an
// array), which costs release builds 6-8% of writing records (prism_json_bench). 0: none.
#ifndef PRISM_WRITER_CHECKS
#ifdef NDEBUG
#define PRISM_WRITER_CHECKS 1
#else
#define PRISM_WRITER_CHECKS 2
#endif
#endif

namespace prism::json {

/// An object key escaped and quoted ahead of time, colon included: `"name":`. Typed writing uses keys
/// rendered at compile time, so a field costs one fixed-size copy. Make one with prepared_key::of<"...">
/// or from text you have already escaped.
struct prepared_key {
  std::string_view text;  ///< `"name":`, exactly as it goes on the wire
};

/// Streams JSON tokens into a sink. Call order follows the document:
///   writer w(sink);
///   w.begin_object(); w.key("id"); w.value(42); w.key("tags"); w.begin_array(); w.value("a"); w.end_array();
///   w.end_object();
///   prism::result<std::size_t> n = w.finish();
/// Commas, colons, escapes and (when Pretty) newlines and indentation are the writer's job. Errors are
/// sticky: after the first, output stops making sense and finish() returns it. No call allocates.
template <io::sink Sink, bool Pretty = false>
class writer {
 public:
  explicit writer(Sink& sink, const write_options& opts = {}) : sink_(sink), opts_(opts) {
    io::window w = sink_.start();
    pos_ = mark_ = w.pos;
    end_ = w.end;
  }
  writer(const writer&) = delete;
  writer& operator=(const writer&) = delete;

  void begin_object() { open('{', kind_object); }
  void end_object() { close('}', kind_object); }
  void begin_array() { open('[', kind_array); }
  void end_array() { close(']', kind_array); }

  /// A key, escaped as needed.
  void key(std::string_view k) {
    pos_ = key_prefix(0);
    string_body(k);
    reserve(2);
    *pos_++ = ':';
    if constexpr (Pretty) *pos_++ = ' ';
  }

  /// A key's JSON text verbatim, quotes included. The caller vouches that it is one valid JSON string.
  void raw_key(std::string_view quoted) {
    if (quoted.size() + 3 <= io::min_window) [[likely]] {  // text, ':' and ' ', after the comma key_prefix adds
      char* p = key_prefix(quoted.size() + 2);
      std::memcpy(p, quoted.data(), quoted.size());
      p += quoted.size();
      *p++ = ':';
      if constexpr (Pretty) *p++ = ' ';
      pos_ = p;
      return;
    }
    pos_ = key_prefix(0);
    bytes(quoted.data(), quoted.size());
    reserve(2);
    *pos_++ = ':';
    if constexpr (Pretty) *pos_++ = ' ';
  }

  /// A key escaped ahead of time (see prepared_key).
  void key(prepared_key k) {
    if (k.text.size() + 2 <= io::min_window) [[likely]] {
      char* p = key_prefix(k.text.size() + 1);
      std::memcpy(p, k.text.data(), k.text.size());
      pos_ = p + k.text.size();
    } else {
      pos_ = key_prefix(0);
      bytes(k.text.data(), k.text.size());
    }
    if constexpr (Pretty) {
      reserve(1);
      *pos_++ = ' ';
    }
  }

  /// Same as key(prepared_key) for a key whose length is known at compile time: one fixed-size copy.
  template <std::size_t N>
  void key(const std::array<char, N>& k) {
    if constexpr (N + 2 <= io::min_window) {
      char* p = key_prefix(N + 1);
      std::memcpy(p, k.data(), N);
      p += N;
      if constexpr (Pretty) *p++ = ' ';
      pos_ = p;
    } else {
      key(prepared_key{std::string_view(k.data(), N)});
    }
  }

  void null() { literal("null", 4); }
  void value(std::nullptr_t) { null(); }
  void value(bool b) { b ? literal("true", 4) : literal("false", 5); }

  template <std::integral I>
    requires(!std::same_as<I, bool> && !std::same_as<I, char>)
  void value(I v) {
    pos_ = detail::write_integer(value_prefix(detail::max_integer_chars), v);
  }

  /// Shortest text that reads back bit-identical. NaN and infinity fail unless nonfinite_as_null.
  void value(double v) {
    if (!std::isfinite(v)) [[unlikely]]
      return nonfinite();
    pos_ = detail::write_double(value_prefix(detail::max_double_chars), v);
  }
  void value(float v) {
    if (!std::isfinite(v)) [[unlikely]]
      return nonfinite();
    pos_ = detail::write_float(value_prefix(detail::max_float_chars), v);
  }

  /// A string, escaped; UTF-8 is validated (see write_options).
  void value(std::string_view s) {
    char* p = value_prefix(0);
    pos_ = put_string({p, end_}, s).pos;
  }
  void value(const char* s) { value(std::string_view(s)); }
  void value(const std::string& s) { value(std::string_view(s)); }
  /// A char is a one-character string.
  void value(char c) { value(std::string_view(&c, 1)); }

  /// Starts a string value to be written in pieces with string_chunk() (base64, dates, large text).
  void begin_string() {
    char* p = value_prefix(1);
    *p++ = '"';
    pos_ = p;
  }
  /// Appends text already known to need no escaping.
  void string_chunk_raw(const char* p, std::size_t n) { bytes(p, n); }
  /// Appends text, escaping as needed.
  void string_chunk(std::string_view s) { escaped(s); }
  void end_string() {
    reserve(1);
    *pos_++ = '"';
  }

  /// Writes a value's JSON text verbatim. The caller vouches that it is one valid JSON value.
  void raw_value(std::string_view json) {
    if (json.size() + 1 <= io::min_window) [[likely]] {  // after the comma value_prefix may add
      char* p = value_prefix(json.size());
      std::memcpy(p, json.data(), json.size());
      pos_ = p + json.size();
      return;
    }
    pos_ = value_prefix(0);
    bytes(json.data(), json.size());
  }

  /// A cursor for writing many small tokens in a row, such as a value whose shape is known ahead (the typed writer
  /// uses it for records and arrays of numbers): the caller writes separators and tokens itself, checking room
  /// through room(), which keeps the cursor in registers, and hands it back with end_tokens(). Compact output only.
  struct cursor {
    char* pos;
    char* end;
  };
  static constexpr bool pretty = Pretty;
  /// Starts a value: writes the separator before it and returns a cursor with room for n bytes.
  cursor begin_tokens(std::size_t n) {
    static_assert(!Pretty, "prism: token cursors write compact output only");
    char* p = value_prefix(n);
    return {p, end_};
  }
  /// c with room for n bytes (n <= io::min_window).
  [[gnu::always_inline]] cursor room(cursor c, std::size_t n) {
    if (static_cast<std::size_t>(c.end - c.pos) < n) [[unlikely]] {
      refill_at(c.pos, n);
      return {pos_, end_};
    }
    return c;
  }
  /// Ends the value begun with begin_tokens(), written up to c.pos.
  void end_tokens(cursor c) noexcept { pos_ = c.pos; }
  /// A cursor at the current position, for members or elements written by hand into the object or array just
  /// begun (the caller writes their commas); hand it back with end_tokens() before end_object() or end_array().
  cursor tokens() noexcept { return {pos_, end_}; }
  /// Hands back a cursor that has just written what goes before a value: an object key, or the comma before an
  /// array element (where one was due). The next call writes the value.
  void end_tokens_before_value(cursor c) noexcept {
    pos_ = c.pos;
    need_comma_ = false;
#if PRISM_WRITER_CHECKS >= 2
    after_key_ = depth_ != 0 && depth_ <= max_checked_depth && stack_[depth_ - 1] == kind_object;
#endif
  }
  /// For the builder, which writes the brackets of the objects and arrays it nests through a cursor, as it writes
  /// their commas: the level of one it opens (limited by max_depth, as begin_object's) and closes. A builder's
  /// scopes match by construction, so a release build keeps no kind for finish() to check. Compact output only.
  void enter(bool object) {
    if (++depth_ > opts_.max_depth) [[unlikely]]
      fail(error_code::depth_exceeded);
#if PRISM_WRITER_CHECKS >= 2
    if (depth_ <= max_checked_depth) stack_[depth_ - 1] = object ? kind_object : kind_array;
#else
    (void)object;
#endif
  }
  void leave() noexcept { --depth_; }
  /// Writes string s at c, escaped and validated as value() does, and returns the cursor after it. On invalid
  /// UTF-8 the writer fails as value() would.
  [[gnu::always_inline]] cursor put_string(cursor c, std::string_view s) {
#if PRISM_SSE2
    if (s.size() <= 32) {  // most strings: one or two blocks, one room check, no loop, when plain ASCII
      c = room(c, s.size() <= 16 ? 2 + 16 : 2 + 32);
      char* out = c.pos;
      *out++ = '"';
      const auto* p = reinterpret_cast<const unsigned char*>(s.data());
      if (s.size() <= 16) {
        __m128i v =
            s.size() == 16 ? _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)) : detail::load_tail(p, s.size());
        if (detail::plain_ascii(v)) [[likely]] {
          _mm_storeu_si128(reinterpret_cast<__m128i*>(out), v);
          out += s.size();
          *out++ = '"';
          return {out, c.end};
        }
      } else {  // two blocks, overlapping
        __m128i head = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        __m128i tail = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + s.size() - 16));
        if (detail::plain_ascii(head) && detail::plain_ascii(tail)) [[likely]] {
          _mm_storeu_si128(reinterpret_cast<__m128i*>(out), head);
          _mm_storeu_si128(reinterpret_cast<__m128i*>(out + s.size() - 16), tail);
          out += s.size();
          *out++ = '"';
          return {out, c.end};
        }
      }
    }
#endif
    char* after = string_at(c.pos, s);  // a pointer back, not a cursor: g++ packs returned pairs into one
    return {after, end_};               // vector register and stores it whole, which stalls the loads after
  }

  /// Room for n bytes (n <= io::min_window) at cursor(); advance with commit(). For writers of
  /// fixed-width items that want to format straight into the sink.
  [[gnu::always_inline]] char* reserve(std::size_t n) {
    if (static_cast<std::size_t>(end_ - pos_) < n) [[unlikely]]
      refill(n);
    return pos_;
  }
  void commit(char* p) noexcept { pos_ = p; }

  /// Records an error (the first one wins) and makes the writer stop producing output that matters.
  void fail(error_code c) noexcept {
    if (err_ != error_code::none) return;
    err_ = c;
    err_offset_ = offset();
  }
  /// fail with the words of the error's message (error::detail), for errors that can say more than their code.
  void fail(error_code c, std::string detail) {
    if (err_ != error_code::none) return;
    fail(c);
    detail_ = std::move(detail);
  }
  bool ok() const noexcept { return err_ == error_code::none; }
  error_code code() const noexcept { return err_; }

  /// Path of the error, built by callers that know it as they unwind (see write.hpp).
  std::string& error_path() noexcept { return path_; }

  /// Hands the last bytes to the sink. Returns the bytes written, or the first error.
  result<std::size_t> finish() {
    bool sink_ok = sink_.finish(pos_);
    before_mark_ = offset();  // what finish() finds wrong is at the end of the output
    pos_ = end_ = mark_ = nullptr;
#if PRISM_WRITER_CHECKS >= 2
    if (ok() && after_key_) misuse("a key without its value at the end");
#endif
#if PRISM_WRITER_CHECKS >= 1
    if (ok() && depth_ != 0)  // below zero after an end with nothing open, which only a pretty writer stops at once
      misuse(depth_ > std::size_t(-1) / 2 ? "an end with nothing open" : "an object or array left open at the end");
#endif
#if PRISM_WRITER_CHECKS == 1
    if (ok() && (unmatched_ != 0 || deep_objects_ != 0))
      misuse("end_object and end_array calls that do not match their begin_ calls");
#endif
    if (ok() && !sink_ok) fail(error_code::sink_failed);
    if (!ok()) {
      error e;
      e.code = err_;
      e.offset = err_offset_;
      e.path = "$" + path_;
      e.detail = std::move(detail_);
      return e;
    }
    return sink_.written();
  }

  std::size_t depth() const noexcept { return depth_; }
  const write_options& options() const noexcept { return opts_; }

 private:
  static constexpr unsigned char kind_object = 1, kind_array = 2;

  void refill(std::size_t n) { refill_at(pos_, n); }
  [[gnu::noinline]] void refill_at(char* pos, std::size_t n) {
    before_mark_ += static_cast<std::size_t>(pos - mark_);
    io::window w = sink_.next(pos, n);
    pos_ = mark_ = w.pos;
    end_ = w.end;
  }

  /// The bytes written so far: the offset of the next one, for errors.
  std::size_t offset() const noexcept { return before_mark_ + static_cast<std::size_t>(pos_ - mark_); }

  void literal(const char* s, std::size_t n) {
    char* p = value_prefix(n);
    std::memcpy(p, s, n);
    pos_ = p + n;
  }

  void bytes(const char* p, std::size_t n) {
    before_mark_ += static_cast<std::size_t>(pos_ - mark_) + n;
    io::window w = io::put_bytes(sink_, {pos_, end_}, p, n);
    pos_ = mark_ = w.pos;
    end_ = w.end;
  }

  void newline_indent() {
    std::size_t n = depth_ * static_cast<std::size_t>(opts_.indent);
    if (n < io::min_window) [[likely]] {  // one fixed-size copy of a newline and spaces, of which n + 1 count
      static constexpr auto line = [] {
        std::array<char, io::min_window> l{};
        l.fill(' ');
        l[0] = '\n';
        return l;
      }();
      char* p = reserve(io::min_window);
      std::memcpy(p, line.data(), io::min_window);
      pos_ = p + 1 + n;
      return;
    }
    reserve(1);
    *pos_++ = '\n';
    while (n != 0) {
      if (pos_ == end_) refill(1);
      std::size_t k = std::min(n, static_cast<std::size_t>(end_ - pos_));
      std::memset(pos_, ' ', k);
      pos_ += k;
      n -= k;
    }
  }

  // The prefixes write the separator and make room for `room` more bytes, then return where the token goes; the
  // caller writes through that local pointer and sets pos_ once. A store through char* may alias any object,
  // this writer's members included, so writing through pos_ itself would reload it after every byte.

  /// Separator before a value.
  [[gnu::always_inline]] char* value_prefix(std::size_t room) {
    check_value();
    if constexpr (Pretty) {
      if (!after_key_ && depth_ != 0) {
        reserve(1);
        if (need_comma_) *pos_++ = ',';
        newline_indent();
      }
      after_key_ = false;
      need_comma_ = true;
      return reserve(room);
    } else {
      const bool comma = need_comma_;
      need_comma_ = true;
      char* p = reserve(room + 1);
      *p = ',';
      return p + comma;
    }
  }

  /// Separator before a key.
  [[gnu::always_inline]] char* key_prefix(std::size_t room) {
    check_key();
    if constexpr (Pretty) {
      reserve(1);
      if (need_comma_) *pos_++ = ',';
      newline_indent();
      after_key_ = true;
      need_comma_ = false;
      return reserve(room);
    } else {
      const bool comma = need_comma_;
      need_comma_ = false;
      char* p = reserve(room + 1);
      *p = ',';
      return p + comma;
    }
  }

  void open(char c, unsigned char kind) {
    char* p = value_prefix(1);
    *p = c;
    pos_ = p + 1;
    need_comma_ = false;
    if (++depth_ > opts_.max_depth) [[unlikely]]
      fail(error_code::depth_exceeded);
#if PRISM_WRITER_CHECKS >= 2
    if (depth_ <= max_checked_depth) stack_[depth_ - 1] = kind;
#elif PRISM_WRITER_CHECKS == 1
    if (depth_ <= release_kind_levels) [[likely]]
      kinds_ = kinds_ << 1 | (kind == kind_object);
    else
      deep_objects_ += kind == kind_object;
#else
    (void)kind;
#endif
  }

  void close(char c, unsigned char kind) {
#if PRISM_WRITER_CHECKS >= 2
    if (depth_ == 0 || after_key_ || (depth_ <= max_checked_depth && stack_[depth_ - 1] != kind)) [[unlikely]] {
      misuse(depth_ == 0            ? "an end with nothing open"
             : after_key_           ? "an end where a key's value belongs"
             : kind == kind_object  ? "end_object closing an array"
                                    : "end_array closing an object");
      return;
    }
#elif PRISM_WRITER_CHECKS == 1
    if constexpr (Pretty) {  // where depth_ would wrap around, to indent by; a compact writer's finish() sees it
      if (depth_ == 0) [[unlikely]]
        return misuse("an end with nothing open");
    }
    if (depth_ <= release_kind_levels) [[likely]] {
      unmatched_ |= (kinds_ ^ (kind == kind_object)) & 1;
      kinds_ >>= 1;
    } else {
      deep_objects_ -= kind == kind_object;
    }
#else
    (void)kind;
#endif
    --depth_;
    if constexpr (Pretty) {
      if (need_comma_) newline_indent();  // a non-empty container closes on its own line
      after_key_ = false;
    }
    char* p = reserve(1);
    *p = c;
    pos_ = p + 1;
    need_comma_ = true;
  }

  /// Records misuse, with what it was in words (error::detail).
  [[gnu::cold, gnu::noinline]] void misuse(const char* what) { fail(error_code::misuse, what); }

  void check_value() {
#if PRISM_WRITER_CHECKS >= 2
    // A value belongs after a key, in an array, or alone at the top.
    bool in_object = depth_ != 0 && depth_ <= max_checked_depth && stack_[depth_ - 1] == kind_object;
    if (in_object && !after_key_) [[unlikely]]
      misuse("a value where a key belongs");
    if (depth_ == 0 && need_comma_) [[unlikely]]
      misuse("a second value at the top level");
    if constexpr (!Pretty) after_key_ = false;
#endif
  }
  void check_key() {
#if PRISM_WRITER_CHECKS >= 2
    // past the levels the stack keeps, a key is taken to be where it belongs (a value is, in check_value)
    bool in_object = depth_ > max_checked_depth || (depth_ != 0 && stack_[depth_ - 1] == kind_object);
    if (!in_object) [[unlikely]]
      misuse("a key outside an object");
    if (after_key_) [[unlikely]]
      misuse("a key where a value belongs");
    if constexpr (!Pretty) after_key_ = true;
#endif
  }

  [[gnu::noinline]] void nonfinite() {
    if (opts_.nonfinite_as_null) return null();
    fail(error_code::non_finite_number);
  }

  /// put_string for text that is long or not plain ASCII, at pos (before end_); returns the end of what it wrote.
  /// Where the window has room, one call of the wide copy usually writes it all, without escaped()'s loop around it.
  [[gnu::noinline]] char* string_at(char* pos, std::string_view s) {
#if defined(PRISM_AVX2_STRINGS)
    if (detail::has_avx2() && end_ - pos >= 2 + 40) {  // the quotes, and copy_plain_avx2's least room
      const auto* p = reinterpret_cast<const unsigned char*>(s.data());
      *pos = '"';
      detail::copy_progress r = detail::copy_plain_avx2(pos + 1, end_ - 1, p, p + s.size(), opts_.escape_non_ascii);
      if (r.in == p + s.size()) [[likely]] {
        *r.out = '"';
        return r.out + 1;
      }
      pos_ = r.out;
      escaped(s.substr(static_cast<std::size_t>(r.in - p)));
      char* q = reserve(1);
      *q = '"';
      return q + 1;
    }
#endif
    pos_ = pos;
    string_body(s);
    return pos_;
  }

  /// Quote, escaped text, quote.
  void string_body(std::string_view s) {
    char* p = reserve(1);
    *p = '"';
    pos_ = p + 1;
    escaped(s);
    p = reserve(1);
    *p = '"';
    pos_ = p + 1;
  }

  /// Escapes and validates s into the output. With SSE2, 16 bytes per step and a scalar path only for
  /// escapes, errors and the escape_non_ascii option; elsewhere the portable loop below.
  void escaped(std::string_view s) {
    auto p = reinterpret_cast<const unsigned char*>(s.data());
    const unsigned char* e = p + s.size();
#if PRISM_SSE2
    p = escaped_blocks(p, e);
#endif
    escaped_words(p, e);
  }

#if PRISM_SSE2
  /// Copies 16-byte blocks while they are plain or valid UTF-8, handling escapes in line. Blocks always
  /// end at a sequence boundary, so when one needs a closer look the portable loop starts cleanly at p.
  /// The cursor lives in locals, as in the token functions above, and goes back to pos_ around refills.
  const unsigned char* escaped_blocks(const unsigned char* p, const unsigned char* e) {
#if defined(PRISM_AVX2_STRINGS)
    const bool wide = detail::has_avx2();
#endif
    const bool ascii_only = opts_.escape_non_ascii;
    char* out = pos_;
    char* end = end_;
    while (p != e) {
      if (end - out < 40) [[unlikely]] {  // a 32-byte block and an escape
        pos_ = out;
        refill(40);
        out = pos_;
        end = end_;
      }
#if defined(PRISM_AVX2_STRINGS)
      if (wide) {
        detail::copy_progress c = detail::copy_plain_avx2(out, end, p, e, ascii_only);
        out = c.out;
        p = c.in;
        if (p == e) break;
        if (end - out < 40) continue;  // refill, and try the wide path again
      }
#endif
      std::size_t left = static_cast<std::size_t>(e - p);
      __m128i v = left >= 16 ? _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)) : detail::load_tail(p, left);
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out), v);  // speculative: only `step` bytes are kept
      detail::utf8_block b = detail::scan_block(v);
      unsigned step = left < 16 ? static_cast<unsigned>(left) : 16;
      if (b.open != 0) step = static_cast<unsigned>(std::countr_zero(b.open));
      bool at_escape = b.escapes != 0 && static_cast<unsigned>(std::countr_zero(b.escapes)) < step;
      if (at_escape) step = static_cast<unsigned>(std::countr_zero(b.escapes));
      unsigned taken = (1u << step) - 1;
      // the byte after the taken ones must not continue a sequence either
      if ((b.errors & (taken | (1u << step))) != 0 || ((b.high & taken) != 0 && ascii_only)) [[unlikely]]
        break;
      out += step;
      p += step;
      if (at_escape) out = detail::write_ascii_escape(out, *p++);
    }
    pos_ = out;
    return p;
  }
#endif

  /// The portable escaping loop: eight bytes per step while nothing needs attention. A step copies up to 7
  /// plain bytes and then at most 12 (a surrogate-pair escape), so it needs 19 bytes of room.
  void escaped_words(const unsigned char* p, const unsigned char* e) {
    while (p != e) {
      if (end_ - pos_ < 20) [[unlikely]]
        refill(io::min_window);
      if (e - p >= 8) {
        std::uint64_t mask = detail::special_bytes(detail::load_le64(p));
        std::memcpy(pos_, p, 8);
        if (mask == 0) {
          p += 8;
          pos_ += 8;
          continue;
        }
        int plain = std::countr_zero(mask) >> 3;
        p += plain;
        pos_ += plain;
      } else if (*p < 0x80 && detail::escape_letters.v[*p] == 0) {
        *pos_++ = static_cast<char>(*p++);
        continue;
      }
      special(p, e);
    }
  }

  /// One byte that needs attention at p: an escape, or a UTF-8 sequence to check.
  void special(const unsigned char*& p, const unsigned char* e) {
    unsigned char c = *p;
    if (c < 0x80) {
      if (detail::escape_letters.v[c] == 0) *pos_++ = static_cast<char>(c);
      else pos_ = detail::write_ascii_escape(pos_, c);
      ++p;
      return;
    }
    char32_t cp;
    int n = detail::utf8_sequence(p, static_cast<std::size_t>(e - p), cp);
    if (n > 0) [[likely]] {
      if (opts_.escape_non_ascii) {
        pos_ = detail::write_code_point_escaped(pos_, cp);
      } else {
        std::memcpy(pos_, p, static_cast<std::size_t>(n));
        pos_ += n;
      }
      p += n;
      return;
    }
    if (!opts_.replace_invalid_utf8) {
      fail(error_code::invalid_utf8);
      p = e;  // stop; the output is void anyway
      return;
    }
    if (opts_.escape_non_ascii) {
      pos_ = detail::write_u_escape(pos_, 0xFFFD);
    } else {
      std::memcpy(pos_, "\xEF\xBF\xBD", 3);
      pos_ += 3;
    }
    p += -n;
  }

  Sink& sink_;
  char* pos_ = nullptr;
  char* end_ = nullptr;
  char* mark_ = nullptr;          ///< where the writer last took a window up: before_mark_ bytes were written before it
  std::size_t before_mark_ = 0;
  std::size_t err_offset_ = 0;    ///< offset() when the error was recorded
  write_options opts_;  // a copy: callers often pass a temporary
  std::size_t depth_ = 0;
  bool need_comma_ = false;
  bool after_key_ = false;
  error_code err_ = error_code::none;
  std::string path_;
  std::string detail_;
#if PRISM_WRITER_CHECKS == 1
  // What a release build checks: the kind of each end_ against its begin_'s in the outer 64 levels (a bit per open
  // level, set for an object, innermost lowest), reported at finish(); deeper, that as many objects end as begin.
  static constexpr std::size_t release_kind_levels = 64;
  std::uint64_t kinds_ = 0;
  std::uint64_t unmatched_ = 0;
  std::size_t deep_objects_ = 0;
#endif
#if PRISM_WRITER_CHECKS >= 2
  static constexpr std::size_t max_checked_depth = 1024;
  // Not zeroed: begin_ writes a level's kind before anything reads it, and zeroing 1 KiB took 4% of writing a
  // 671-byte document (prism_json_bench, json_performance).
  std::array<unsigned char, max_checked_depth> stack_;
#endif
};

}  // namespace prism::json
