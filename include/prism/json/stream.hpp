// prism: JSON from streams (FILE*, file descriptors, std::istream, any io::byte_reader) without loading the whole
// input: a framing pass cuts the input into complete values (each top-level array element, or each record of
// newline-delimited JSON), and the contiguous reader (read.hpp) reads each one. Memory is bounded by the largest
// such value, not by the input.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "../io/sink.hpp"
#include "../io/source.hpp"
#include "read.hpp"
#include "writer.hpp"

namespace prism::json {

namespace detail {

/// A window over a byte reader: [pos, end) is read and not yet consumed. Values are framed in it (grown when
/// one does not fit); consumed text is counted into the line and column of the window's start, for errors.
/// The bytes that may appear in a JSON document outside its strings: whitespace, structure, and the characters of
/// numbers and literals. Framing stops at any other byte, so the reader reports it before garbage is buffered.
inline constexpr auto outside_string_bytes = [] {
  std::array<bool, 256> ok{};
  for (char ch : std::string_view(" \t\n\r{}[],:\"0123456789+-.eEtrufalsn")) ok[static_cast<unsigned char>(ch)] = true;
  return ok;
}();

template <class Reader>
class stream_input {
 public:
  /// `limit`: the most bytes one frame may hold (read_options::max_stream_frame).
  stream_input(Reader& r, std::size_t limit) : reader_(r), limit_(limit) {}

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
  /// first delimiter after a scalar, included), or up to the end of the input when it never does, for the reader
  /// to report. It also ends at the first byte that cannot belong to the value (a control byte in a string, a byte
  /// JSON never has outside one, anything but a number's or a literal's characters in a scalar), included, so
  /// that the reader reports garbage where it starts rather than after buffering it all. Readers consume only what
  /// they read of it. Fails with limit_exceeded when the value holds more than the limit's bytes.
  result<std::string_view> frame() {
    std::size_t i = pos_;
    std::size_t depth = 0;
    bool in_string = false, escaped = false, scalar = false;
    int hex_left = 0;
    if (!available(i)) return std::string_view{};
    char first = buffer_[i];
    if (first == '"') {
      in_string = true;
    } else if (first == '{' || first == '[') {
      depth = 1;
    } else if (first == '-' || (first >= '0' && first <= '9') || first == 't' || first == 'f' || first == 'n') {
      scalar = true;
    } else {
      return std::string_view(data() + pos_, 1);  // no value begins so: the reader says what is there
    }
    ++i;
    for (;; ++i) {
      if (i - pos_ >= limit_) [[unlikely]]
        return error_here(error_code::limit_exceeded, "a value longer than read_options::max_stream_frame (" +
                                                          std::to_string(limit_) + " bytes) in a stream");
      if (!available(i)) break;
      auto ch = static_cast<unsigned char>(buffer_[i]);
      if (scalar) {
        if (!((ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'z') || ch == '-' || ch == '+' || ch == '.' ||
              ch == 'E')) {
          ++i;  // the delimiter too: the scanners then judge what follows as a whole input would show it
          break;
        }
      } else if (in_string) {
        if (hex_left != 0) {
          --hex_left;  // a \u escape's four digits, whatever they are, as the reader takes them
        } else if (ch < 0x20) {
          ++i;  // never in a string: the reader reports it here
          break;
        } else if (escaped) {
          escaped = false;
          if (ch == 'u') hex_left = 4;
        } else if (ch == '\\') {
          escaped = true;
        } else if (ch == '"') {
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
      } else if (!outside_string_bytes[ch]) {
        ++i;
        break;
      }
    }
    return std::string_view(data() + pos_, i - pos_);
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
  error error_at_end() const {
    if (failed_) return error_here(error_code::source_failed, "the input source failed");
    return error_here(error_code::unexpected_end, "unexpected end of input");
  }

  /// An error for the byte at the cursor, worded as the contiguous reader words it (fail_expected).
  error expected_here(const char* what) {
    std::string found = found_here();
    return error_here(pos_ == end_ ? error_code::unexpected_end : error_code::syntax_error,
                      std::string("expected ") + what + ", found " + found);
  }

  /// "unexpected <what is at the cursor><after>", worded as the contiguous reader words it.
  error unexpected_here(error_code code, const char* after) {
    std::string found = found_here();
    return error_here(code, "unexpected " + found + after);
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

  /// What is at the cursor, as describe_found says it, with as many bytes read ahead as it looks at.
  std::string found_here() {
    std::size_t ahead = pos_ + 16;
    available(ahead);
    return describe_found(data() + pos_, data() + end_);
  }

  /// True when buffer_[i] is available, reading more (and moving the window to the buffer's start) if needed.
  bool available(std::size_t& i) {
    while (i >= end_) {
      std::size_t before = pos_;
      bool more = fill();
      i -= before - pos_;  // fill() moves the window to the start, even when nothing more comes
      if (!more) return false;
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
  std::size_t limit_;
  std::unique_ptr<char[]> buffer_;
  std::size_t capacity_ = 0, pos_ = 0, end_ = 0;
  std::size_t offset_ = 0, line_ = 1, column_ = 1;  // of buffer_[pos_] in the whole input
  bool eof_ = false, failed_ = false;
};

/// Reads the framed `text` into `out` (read_value at the given depth), placing any error in the stream.
template <class View, class Reader, class T>
result<void> read_frame(stream_input<Reader>& in, std::string_view text, T& out, const read_options& opts,
                        std::size_t depth) {
  read_context c(text, opts);
  c.depth = depth;
  if (read_value<View>(c, out)) {
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
  if (!in.skip_whitespace()) return in.error_at_end();
  if (in.peek() == ']') {
    in.consume_byte();
    return {};
  }
  for (std::size_t i = 0;; ++i) {
    if (!in.skip_whitespace()) return in.error_at_end();
    result<bool> more = each(i);
    if (!more) return more.error();
    if (!*more) return {};
    if (!in.skip_whitespace()) return in.error_at_end();
    char ch = in.peek();
    if (ch != ',' && ch != ']') return in.expected_here("',' or ']'");
    in.consume_byte();
    if (ch == ']') return {};
  }
}

template <class Reader>
result<void> expect_end(stream_input<Reader>& in) {
  if (in.skip_whitespace()) return in.unexpected_here(error_code::trailing_content, " after the document");
  if (in.failed()) return in.error_here(error_code::source_failed, "the input source failed");
  return {};
}

template <class View, class T, class Reader>
result<void> read_stream(Reader& reader, T& out, const read_options& opts) {
  stream_input<Reader> in(reader, opts.max_stream_frame);
  if (!in.skip_whitespace()) return in.error_at_end();
  // A top-level array read into a growable sequence streams element by element.
  if constexpr (kind_of<T> == kind::sequence && prism::detail::fixed_extent<T> == std::size_t(-1) && requires { out.clear(); }) {
    if (in.peek() == '[') {
      prism::detail::reused_nodes<T> spare(out);
      typename T::iterator last{};
      if constexpr (requires { out.before_begin(); }) last = out.before_begin();
      std::size_t alloc_left = opts.max_alloc_bytes;  // one budget for the whole read, frame after frame
      auto r = for_each_element(in, [&](std::size_t i) -> result<bool> {
        result<std::string_view> framed = in.frame();
        if (!framed) return framed.error();
        std::string_view text = *framed;
        read_context c(text, opts);
        c.depth = 1;
        c.alloc_left = alloc_left;
        bool ok = read_element<View>(c, out, last, spare);
        alloc_left = c.alloc_left;
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
  result<std::string_view> text = in.frame();
  if (!text) return text.error();
  if (auto r = read_frame<View>(in, *text, out, opts, 0); !r) return r;
  return expect_end(in);
}

/// Receives the tokens of an untyped walk (see walk_stream); every member does nothing, so a walk with it
/// only validates. fmt-like tools derive and override what they need.
struct token_handler {
  void begin_object() {}
  void end_object() {}
  void begin_array() {}
  void end_array() {}
  void key(std::string_view) {}
  void string(std::string_view) {}
  void number(std::string_view) {}
  void boolean(bool) {}
  void null() {}
};

/// Walks any one JSON document from a stream, validating it, and hands its tokens to h. Brackets, commas and
/// colons are taken from the stream one at a time; each string, number or literal is framed and checked by the
/// same scanners the contiguous reader uses. Memory is bounded by the longest scalar (and max_depth bits), not by
/// the document, so a multi-GiB document streams in constant memory. Iterative: depth costs no stack.
template <class Reader, class Handler>
result<void> walk_stream(stream_input<Reader>& in, Handler& h, const read_options& opts) {
  std::vector<bool> in_object;  // one entry per open level; bounded by max_depth
  std::string buffer;
  auto scalar = [&](bool is_key) -> result<void> {
    result<std::string_view> framed = in.frame();
    if (!framed) return framed.error();
    std::string_view text = *framed;
    read_context c(text, opts);
    const char* p = c.p;
    bool ok = true;
    if (p == c.end) {
      ok = fail(c, error_code::unexpected_end, p);
    } else if (*p == '"') {
      std::string_view decoded;
      ok = (p = read_string_text(c, p, buffer, decoded)) != nullptr;
      if (ok) {
        is_key ? h.key(decoded) : h.string(decoded);
      } else {  // the error validate gives, which may meet another fault of the same string first (its UTF-8)
        read_context judge(text, opts);
        if (!skip_string(judge, judge.p)) c.err = std::move(judge.err);
      }
    } else if (is_key) {
      ok = fail_expected(c, "a string key", p, error_code::syntax_error);
    } else if (*p == '-' || is_digit(*p)) {
      decimal_number d;
      const char* first = p;
      ok = (p = scan_number(c, p, d)) != nullptr;
      if (ok) h.number({first, static_cast<std::size_t>(p - first)});
    } else if (const char* t = match_literal(p, c.end, "true")) {
      p = t;
      h.boolean(true);
    } else if (const char* f = match_literal(p, c.end, "false")) {
      p = f;
      h.boolean(false);
    } else if (const char* n = match_literal(p, c.end, "null")) {
      p = n;
      h.null();
    } else if (*p == 't' || *p == 'f' || *p == 'n') {
      ok = fail_literal(c, p, *p == 't' ? "true" : *p == 'f' ? "false" : "null");
    } else {
      ok = fail_expected(c, "a value", p, error_code::syntax_error);
    }
    if (ok) {
      in.consume(static_cast<std::size_t>(p - c.begin));
      return {};
    }
    error e = std::move(c.err);
    e.path = "$";
    in.place(e, text);
    if (e.code == error_code::unexpected_end && in.failed()) e.code = error_code::source_failed;
    return e;
  };
  auto more = [&]() -> result<void> {
    if (!in.skip_whitespace()) return in.error_at_end();
    return {};
  };

  if (auto r = more(); !r) return r;
value:
  if (in.peek() == '{' || in.peek() == '[') {
    bool object = in.peek() == '{';
    if (in_object.size() == opts.max_depth) return in.error_here(error_code::depth_exceeded, "nesting deeper than max_depth");
    in_object.push_back(object);
    object ? h.begin_object() : h.begin_array();
    in.consume_byte();
    if (auto r = more(); !r) return r;
    if (in.peek() == (object ? '}' : ']')) {
      in.consume_byte();
      in_object.pop_back();
      object ? h.end_object() : h.end_array();
      goto after_value;
    }
    if (object) goto key;
    goto value;
  }
  if (auto r = scalar(false); !r) return r;
  goto after_value;

key:
  if (auto r = scalar(true); !r) return r;
  if (!in.skip_whitespace()) return in.failed() ? in.error_at_end() : in.expected_here("':'");
  if (in.peek() != ':') return in.expected_here("':'");
  in.consume_byte();
  if (auto r = more(); !r) return r;
  goto value;

after_value:
  if (in_object.empty()) return expect_end(in);
  if (auto r = more(); !r) return r;
  {
    char ch = in.peek();
    bool object = in_object.back();
    if (ch != ',' && ch != (object ? '}' : ']'))  // reported at the byte, before it is consumed
      return in.expected_here(object ? "',' or '}'" : "',' or ']'");
    in.consume_byte();
    if (ch == ',') {
      if (auto r = more(); !r) return r;
      if (object) goto key;
      goto value;
    }
    in_object.pop_back();
    object ? h.end_object() : h.end_array();
  }
  goto after_value;
}

/// Drives a writer from a walk: reformatting.
template <class Writer>
struct writer_handler : token_handler {
  Writer& w;
  explicit writer_handler(Writer& writer) : w(writer) {}
  void begin_object() { w.begin_object(); }
  void end_object() { w.end_object(); }
  void begin_array() { w.begin_array(); }
  void end_array() { w.end_array(); }
  void key(std::string_view k) { w.key(k); }
  void string(std::string_view s) { w.value(s); }
  void number(std::string_view n) { w.raw_value(n); }
  void boolean(bool b) { w.value(b); }
  void null() { w.null(); }
};

template <bool Pretty, class Reader, class Sink>
result<std::size_t> reformat_with(Reader& reader, Sink& sink, const write_options& wopts, const read_options& ropts) {
  stream_input<Reader> in(reader, ropts.max_stream_frame);
  writer<Sink, Pretty> w(sink, wopts);
  writer_handler<writer<Sink, Pretty>> h(w);
  if (auto r = walk_stream(in, h, ropts); !r) return r.error();
  return w.finish();
}

template <class View, class T, class In, class OnRecord>
result<std::size_t> read_records(In& input, OnRecord& on_record, const read_options& opts) {
  decltype(auto) reader = io::make_reader(input);
  using Reader = std::remove_cvref_t<decltype(reader)>;
  stream_input<Reader> in(reader, opts.max_stream_frame);
  std::size_t count = 0;
  auto deliver = [&](T&& value) {
    ++count;
    if constexpr (std::is_same_v<std::invoke_result_t<OnRecord&, T&&>, bool>) return on_record(std::move(value));
    else return on_record(std::move(value)), true;
  };
  if (!in.skip_whitespace()) {
    if (in.failed() || opts.framing == record_framing::array) return in.error_at_end();
    return count;  // no records
  }
  if (opts.framing == record_framing::array && in.peek() != '[') return in.expected_here("'['");
  if (opts.framing == record_framing::array || (opts.framing == record_framing::detect && in.peek() == '[')) {
    auto r = for_each_element(in, [&](std::size_t i) -> result<bool> {
      result<std::string_view> text = in.frame();
      if (!text) return text.error();
      T value{};
      if (auto rr = read_frame<View>(in, *text, value, opts, 1); !rr) {
        error e = rr.error();
        e.path.insert(1, "[" + std::to_string(i) + "]");
        return e;
      }
      return deliver(std::move(value));
    });
    if (!r) return r.error();
    if (auto end = expect_end(in); !end) return end.error();
    return count;
  }
  do {
    result<std::string_view> text = in.frame();
    if (!text) return text.error();
    T value{};
    if (auto r = read_frame<View>(in, *text, value, opts, 0); !r) return r.error();
    if (!deliver(std::move(value))) return count;
  } while (in.skip_whitespace());
  if (in.failed()) return in.error_here(error_code::source_failed, "the input source failed");
  return count;
}

}  // namespace detail

namespace detail {
/// The one error for a T that would point into a stream's buffer (borrows_input).
template <class T>
constexpr void check_outlives_stream() {
  static_assert(!borrows_input<T>,
                "prism: this type holds std::string_view or const char* text, which would point into the stream's "
                "buffer after the read returns. Give the text a prism::string_pool that outlives the result "
                "(prism::json::read<T>(in, pool), read_into(in, out, pool), read_records<T>(in, f, pool)), or hold "
                "it as std::string.");
}

template <class T, class In, class View>
result<void> read_stream_into(In&& in, T& out, const View& view, const read_options& opts) {
  decltype(auto) reader = io::make_reader(std::forward<In>(in));
  return visit_view(view, [&]<class V>(V) { return detail::read_stream<V>(reader, out, opts); });
}

inline read_options pooled(read_options opts, string_pool& pool) {
  opts.strings = &pool;
  return opts;
}
}  // namespace detail

/// Reads one JSON document from a stream, through `view`: a FILE*, a std::istream, prism::io::fd_reader{fd}, or any
/// io::byte_reader. A top-level array read into a growable sequence is read element by element, so memory
/// holds one element's text at a time; any other document's text is held whole while it is read. Errors carry
/// the line and column in the whole stream. A T that holds std::string_view or const char* text does not compile
/// here (its text would outlive the stream's buffer): read it with a string_pool (below).
///   std::vector<Event> events = prism::json::read<std::vector<Event>>(stdin).value();
template <class T, class In, view_choice View>
  requires io::readable<In>
result<T> read(In&& in, const View& view, const read_options& opts = {}) {
  return prism::detail::read_new<T>([&](T& out) { return read_into(std::forward<In>(in), out, view, opts); });
}

/// read through the types' own descriptions (the default view).
template <class T, class In>
  requires io::readable<In>
result<T> read(In&& in, const read_options& opts = {}) {
  return read<T>(std::forward<In>(in), default_view{}, opts);
}

/// read from a stream, keeping the text of std::string_view and const char* fields in `pool` (interned), where it
/// lives as long as the pool.
///   prism::string_pool pool; auto lines = prism::json::read<std::vector<log_line>>(stdin, pool).value();
template <class T, class In, view_choice View = default_view>
  requires io::readable<In>
result<T> read(In&& in, string_pool& pool, const View& view = {}, const read_options& opts = {}) {
  return prism::detail::read_new<T>(
      [&](T& out) { return detail::read_stream_into(std::forward<In>(in), out, view, detail::pooled(opts, pool)); });
}

/// read_into from a stream (see read above), through `view`.
template <class T, class In, view_choice View>
  requires io::readable<In>
result<void> read_into(In&& in, T& out, const View& view, const read_options& opts = {}) {
  detail::check_outlives_stream<T>();
  return detail::read_stream_into(std::forward<In>(in), out, view, opts);
}

/// read_into from a stream through the default view.
template <class T, class In>
  requires io::readable<In>
result<void> read_into(In&& in, T& out, const read_options& opts = {}) {
  return read_into(std::forward<In>(in), out, default_view{}, opts);
}

/// read_into from a stream, the text of std::string_view and const char* fields kept in `pool`.
template <class T, class In, view_choice View = default_view>
  requires io::readable<In>
result<void> read_into(In&& in, T& out, string_pool& pool, const View& view = {}, const read_options& opts = {}) {
  return detail::read_stream_into(std::forward<In>(in), out, view, detail::pooled(opts, pool));
}

/// Reads a stream of records one at a time: the elements of a top-level array, or values separated by
/// whitespace (newline-delimited JSON, one record per line), through `view`. Each record is read into a fresh T
/// and passed to on_record(T&&), which may return false to stop. Memory holds one record's text at a time.
/// Returns the number of records passed, or the first error (with the record's path, line and column). A T that
/// holds std::string_view or const char* text needs a string_pool (below).
///   prism::json::read_records<Event>(stdin, [&](Event&& e) { handle(e); }, api);
template <class T, class In, class OnRecord, view_choice View>
  requires io::readable<In>
result<std::size_t> read_records(In&& input, OnRecord&& on_record, const View& view, const read_options& opts = {}) {
  detail::check_outlives_stream<T>();
  return visit_view(view, [&]<class V>(V) { return detail::read_records<V, T>(input, on_record, opts); });
}

/// read_records through the default view.
///   prism::json::read_records<Event>(stdin, [&](Event&& e) { handle(e); });
template <class T, class In, class OnRecord>
  requires io::readable<In>
result<std::size_t> read_records(In&& input, OnRecord&& on_record, const read_options& opts = {}) {
  return read_records<T>(std::forward<In>(input), on_record, default_view{}, opts);
}

/// read_records, the text of std::string_view and const char* fields kept in `pool`: each record's text stays
/// there after on_record returns, so the pool grows with the stream.
template <class T, class In, class OnRecord, view_choice View = default_view>
  requires io::readable<In>
result<std::size_t> read_records(In&& input, OnRecord&& on_record, string_pool& pool, const View& view = {},
                                 const read_options& opts = {}) {
  const read_options with_pool = detail::pooled(opts, pool);
  return visit_view(view, [&]<class V>(V) { return detail::read_records<V, T>(input, on_record, with_pool); });
}

}  // namespace prism::json

namespace prism::json {

/// Checks that a stream holds one valid JSON document, whatever its shape, in memory bounded by its longest
/// string or number. Errors carry the line and column.
template <class In>
  requires io::readable<In>
result<void> validate(In&& input, const read_options& opts = {}) {
  decltype(auto) reader = io::make_reader(std::forward<In>(input));
  detail::stream_input<std::remove_cvref_t<decltype(reader)>> in(reader, opts.max_stream_frame);
  detail::token_handler h;
  return detail::walk_stream(in, h, opts);
}

/// Re-emits the JSON document of a stream through the writer, compact or pretty per `wopts`, in memory bounded
/// by its longest string or number: what `prism fmt` does. Strings come out re-escaped the writer's way (as
/// little as JSON needs); numbers keep their text. Returns the bytes written or the first error (of either side).
template <class In, class Out>
  requires io::readable<In>
result<std::size_t> reformat(In&& input, Out&& out, const write_options& wopts = {}, const read_options& ropts = {}) {
  decltype(auto) reader = io::make_reader(std::forward<In>(input));
  auto&& sink = io::make_sink(out);
  if (wopts.indent > 0) return detail::reformat_with<true>(reader, sink, wopts, ropts);
  return detail::reformat_with<false>(reader, sink, wopts, ropts);
}

}  // namespace prism::json
