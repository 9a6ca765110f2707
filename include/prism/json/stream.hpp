// prism: JSON from streams (FILE*, file descriptors, std::istream, any io::byte_reader) without loading the whole
// input: a framing pass cuts the input into complete values (each top-level array element, or each record of
// newline-delimited JSON), and the contiguous reader (read.hpp) reads each one. Memory is bounded by the largest
// such value, not by the input.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "../io/source.hpp"
#include "read.hpp"

namespace prism::json {

namespace detail {

/// A window over a byte reader: [pos, end) is read and not yet consumed. Values are framed in it (grown when
/// one does not fit); consumed text is counted into the line and column of the window's start, for errors.
template <class Reader>
class stream_input {
 public:
  explicit stream_input(Reader& r) : reader_(r) {}

  /// Skips whitespace; false at the end of the input (or when it failed: see failed()).
  bool skip_whitespace() {
    for (;;) {
      const char* p = detail::skip_whitespace(data() + pos_, data() + end_);
      consume(static_cast<std::size_t>(p - data()) - pos_);
      if (pos_ != end_) return true;
      if (!fill()) return false;
    }
  }

  /// The next byte (after skip_whitespace returned true).
  char peek() const { return buffer_[pos_]; }
  void consume_byte() { consume(1); }

  /// Frames the value starting at the cursor: the text up to where it ends (its closing bracket or quote, or the
  /// first delimiter after a scalar), or up to the end of the input when it never does, for the reader to report.
  std::string_view frame() {
    std::size_t i = pos_;
    std::size_t depth = 0;
    bool in_string = false, escaped = false, scalar = false;
    if (!available(i)) return {};
    char first = buffer_[i];
    if (first == '"') {
      in_string = true;
      ++i;
    } else if (first != '{' && first != '[') {
      scalar = true;
    }
    for (;; ++i) {
      if (!available(i)) break;
      char ch = buffer_[i];
      if (scalar) {
        if (ch == ',' || ch == ']' || ch == '}' || ch == ' ' || ch == '\n' || ch == '\r' || ch == '\t' || ch == '[' ||
            ch == '{' || ch == '"')
          break;
      } else if (in_string) {
        if (escaped) escaped = false;
        else if (ch == '\\') escaped = true;
        else if (ch == '"') {
          in_string = false;
          if (depth == 0) {
            ++i;
            break;
          }
        }
      } else if (ch == '"') {
        in_string = true;
      } else if (ch == '{' || ch == '[') {
        ++depth;
      } else if (ch == '}' || ch == ']') {
        if (--depth == 0) {
          ++i;
          break;
        }
      }
    }
    return {data() + pos_, i - pos_};
  }

  /// Consumes n bytes, counting lines and columns.
  void consume(std::size_t n) {
    for (std::size_t k = pos_; k < pos_ + n; ++k) {
      auto ch = static_cast<unsigned char>(buffer_[k]);
      if (ch == '\n') {
        ++line_;
        column_ = 1;
      } else if ((ch & 0xC0) != 0x80) {
        ++column_;
      }
    }
    pos_ += n;
    offset_ += n;
  }

  /// Moves an error found inside `text` (a frame at the cursor) to the stream's coordinates.
  void place(error& e, std::string_view text) const {
    locate(e, text);
    if (e.line == 1) e.column += column_ - 1;
    e.line += line_ - 1;
    e.offset += offset_;
  }

  /// The input stopped: ended early, or failed.
  error error_at_end(std::string_view where) const {
    if (failed_) return error_here(error_code::source_failed, "the input source failed");
    return error_here(error_code::unexpected_end, "unexpected end of input " + std::string(where));
  }

  /// An error at the cursor.
  error error_here(error_code code, std::string what) const {
    error e;
    e.code = code;
    e.offset = offset_;
    e.line = line_;
    e.column = column_;
    e.detail = std::move(what);
    return e;
  }

  bool failed() const noexcept { return failed_; }

 private:
  const char* data() const noexcept { return buffer_.get(); }

  /// True when buffer_[i] is available, reading more (and moving the window to the buffer's start) if needed.
  bool available(std::size_t& i) {
    while (i >= end_) {
      std::size_t before = pos_;
      if (!fill()) return false;
      i -= before - pos_;  // fill() moved the window to the start
    }
    return true;
  }

  /// Moves the unconsumed bytes to the start, grows the buffer when they fill it, and reads more.
  bool fill() {
    if (eof_) return false;
    if (pos_ != 0) {
      std::memmove(buffer_.get(), buffer_.get() + pos_, end_ - pos_);
      end_ -= pos_;
      pos_ = 0;
    }
    if (end_ == capacity_) {
      std::size_t grown = std::max<std::size_t>(capacity_ * 2, 64 * 1024);
      auto bigger = std::make_unique_for_overwrite<char[]>(grown);
      if (end_ != 0) std::memcpy(bigger.get(), buffer_.get(), end_);
      buffer_ = std::move(bigger);
      capacity_ = grown;
    }
    std::ptrdiff_t got = reader_.read(buffer_.get() + end_, capacity_ - end_);
    if (got <= 0) {
      eof_ = true;
      failed_ = got < 0;
      return false;
    }
    end_ += static_cast<std::size_t>(got);
    return true;
  }

  Reader& reader_;
  std::unique_ptr<char[]> buffer_;
  std::size_t capacity_ = 0, pos_ = 0, end_ = 0;
  std::size_t offset_ = 0, line_ = 1, column_ = 1;  // of buffer_[pos_] in the whole input
  bool eof_ = false, failed_ = false;
};

/// Reads the framed `text` into `out` (read_value at the given depth), placing any error in the stream.
template <class Reader, class T>
result<void> read_frame(stream_input<Reader>& in, std::string_view text, T& out, const read_options& opts,
                        std::size_t depth, bool whole) {
  read_context c(text, opts);
  c.depth = depth;
  bool ok = read_value(c, out);
  if (ok && whole && c.p != c.end)
    ok = fail(c, error_code::syntax_error, c.p, "unexpected " + describe_found(c.p, c.end) + " in a value");
  if (ok) {
    in.consume(static_cast<std::size_t>(c.p - c.begin));
    return {};
  }
  error e = std::move(c.err);
  e.path.insert(0, 1, '$');
  in.place(e, text);
  if (e.code == error_code::unexpected_end && in.failed()) e.code = error_code::source_failed;
  return e;
}

/// Reads the elements of the array at the cursor one by one, calling each(element index) to read one from a
/// frame; stops early when each returns false.
template <class Reader, class Each>
result<void> for_each_element(stream_input<Reader>& in, Each&& each) {
  in.consume_byte();  // '['
  if (!in.skip_whitespace()) return in.error_at_end("in an array");
  if (in.peek() == ']') {
    in.consume_byte();
    return {};
  }
  for (std::size_t i = 0;; ++i) {
    if (!in.skip_whitespace()) return in.error_at_end("in an array");
    result<bool> more = each(i);
    if (!more) return more.error();
    if (!*more) return {};
    if (!in.skip_whitespace()) return in.error_at_end("in an array");
    char ch = in.peek();
    in.consume_byte();
    if (ch == ']') return {};
    if (ch != ',') return in.error_here(error_code::syntax_error, std::string("expected ',' or ']' after an element"));
  }
}

template <class Reader>
result<void> expect_end(stream_input<Reader>& in) {
  if (in.skip_whitespace()) return in.error_here(error_code::trailing_content, "unexpected content after the document");
  if (in.failed()) return in.error_here(error_code::source_failed, "the input source failed");
  return {};
}

template <class T, class Reader>
result<void> read_stream(Reader& reader, T& out, const read_options& opts) {
  stream_input<Reader> in(reader);
  if (!in.skip_whitespace()) return in.error_at_end("before any value");
  // A top-level array read into a growable sequence streams element by element.
  if constexpr (kind_of<T> == kind::sequence && fixed_extent<T> == 0 && requires { out.clear(); }) {
    if (in.peek() == '[') {
      out.clear();
      typename T::iterator last{};
      if constexpr (requires { out.before_begin(); }) last = out.before_begin();
      auto r = for_each_element(in, [&](std::size_t i) -> result<bool> {
        std::string_view text = in.frame();
        read_context c(text, opts);
        c.depth = 1;
        bool ok = read_element(c, out, last);
        if (ok) {
          in.consume(static_cast<std::size_t>(c.p - c.begin));
          return true;
        }
        error e = std::move(c.err);
        e.path.insert(0, "$[" + std::to_string(i) + "]");
        in.place(e, text);
        if (e.code == error_code::unexpected_end && in.failed()) e.code = error_code::source_failed;
        return e;
      });
      if (!r) return r;
      return expect_end(in);
    }
  }
  std::string_view text = in.frame();
  if (auto r = read_frame(in, text, out, opts, 0, true); !r) return r;
  return expect_end(in);
}

}  // namespace detail

/// Reads one JSON document from a stream: a FILE*, a std::istream, prism::io::fd_reader{fd}, or any
/// io::byte_reader. A top-level array read into a growable sequence is read element by element, so memory
/// holds one element's text at a time; any other document's text is held whole while it is read. Errors carry
/// the line and column in the whole stream.
///   std::vector<Event> events = prism::json::read<std::vector<Event>>(stdin).value();
template <class T, class In>
  requires io::readable<In>
result<T> read(In&& in, const read_options& opts = {}) {
  decltype(auto) reader = io::make_reader(std::forward<In>(in));
  T value{};
  if (auto r = detail::read_stream(reader, value, opts); !r) return r.error();
  return value;
}

/// read_into from a stream (see read above).
template <class T, class In>
  requires io::readable<In>
result<void> read_into(In&& in, T& out, const read_options& opts = {}) {
  decltype(auto) reader = io::make_reader(std::forward<In>(in));
  return detail::read_stream(reader, out, opts);
}

/// Reads a stream of records one at a time: the elements of a top-level array, or values separated by
/// whitespace (newline-delimited JSON, one record per line). Each record is read into a fresh T and passed to
/// on_record(T&&), which may return false to stop. Memory holds one record's text at a time. Returns the number
/// of records passed, or the first error (with the record's path, line and column).
///   prism::json::read_records<Event>(stdin, [&](Event&& e) { handle(e); });
template <class T, class In, class OnRecord>
  requires io::readable<In>
result<std::size_t> read_records(In&& input, OnRecord&& on_record, const read_options& opts = {}) {
  decltype(auto) reader = io::make_reader(std::forward<In>(input));
  using Reader = std::remove_cvref_t<decltype(reader)>;
  detail::stream_input<Reader> in(reader);
  std::size_t count = 0;
  auto deliver = [&](T&& value) {
    ++count;
    if constexpr (std::is_same_v<std::invoke_result_t<OnRecord&, T&&>, bool>) return on_record(std::move(value));
    else return on_record(std::move(value)), true;
  };
  if (!in.skip_whitespace()) {
    if (in.failed()) return in.error_here(error_code::source_failed, "the input source failed");
    return count;  // no records
  }
  if (in.peek() == '[') {
    auto r = detail::for_each_element(in, [&](std::size_t i) -> result<bool> {
      std::string_view text = in.frame();
      T value{};
      if (auto rr = detail::read_frame(in, text, value, opts, 1, false); !rr) {
        error e = rr.error();
        e.path.insert(1, "[" + std::to_string(i) + "]");
        return e;
      }
      return deliver(std::move(value));
    });
    if (!r) return r.error();
    if (auto end = detail::expect_end(in); !end) return end.error();
    return count;
  }
  do {
    std::string_view text = in.frame();
    T value{};
    if (auto r = detail::read_frame(in, text, value, opts, 0, true); !r) return r.error();
    if (!deliver(std::move(value))) return count;
  } while (in.skip_whitespace());
  if (in.failed()) return in.error_here(error_code::source_failed, "the input source failed");
  return count;
}

}  // namespace prism::json
