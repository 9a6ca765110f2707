// prism: JSON from streams (FILE*, file descriptors, std::istream, any io::byte_reader) without loading the whole
// input: a framing pass cuts the input into complete values (each top-level array element, or each record of
// newline-delimited JSON), and the contiguous reader (read.hpp) reads each one. Memory is bounded by the largest
// such value, not by the input.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdio>
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

/// Text already in memory, read through stream_input as if it came from a stream (reformat of a string): its
/// windows are views of the text, so nothing is copied or moved, and the walk is the stream's own.
struct text_in_memory {
  std::string_view text;
};

template <class Reader>
class stream_input {
  static constexpr bool in_memory = std::is_same_v<Reader, text_in_memory>;

 public:
  /// `limit`: the most bytes one frame may hold (read_options::max_stream_frame); `window`: the bytes read at once
  /// once the input proves longer than 64 KiB (a walk over whole documents reads more at a time than typed reads,
  /// which frame value by value).
  stream_input(Reader& r, std::size_t limit, std::size_t window = 64 * 1024)
      : reader_(r), limit_(limit), window_(window) {}

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
  char peek() const { return data()[pos_]; }
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
    char first = data()[i];
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
        return too_long();
      if (!available(i)) break;
      auto ch = static_cast<unsigned char>(data()[i]);
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

  /// Consumes n bytes (their lines and columns are counted when an error needs them or the window moves on).
  void consume(std::size_t n) { pos_ += n; }

  /// The bytes read and not yet consumed, for a walk over the window (walk_nested).
  std::string_view window() const noexcept { return {data() + pos_, end_ - pos_}; }

  /// Whether the window reaches the end of the input: nothing more will come.
  bool at_end() const noexcept { return eof_; }

  /// Reads more into the window, keeping what it holds; false at the end of the input. Fails with limit_exceeded
  /// when the window holds more than the limit's bytes of one token.
  result<bool> read_more() {
    if (!in_memory && end_ - pos_ > limit_) [[unlikely]]
      return too_long();
    return fill();
  }

  /// Moves an error found inside `text` (a frame at the cursor) to the stream's coordinates; an end of the text
  /// where the input failed is that failure.
  void place(error& e, std::string_view text) {
    count_lines();
    locate(e, text);
    if (e.line == 1) e.column += counted_at_.column - 1;
    e.line += counted_at_.line - 1;
    e.offset += offset_ + pos_;
    if (e.code == error_code::unexpected_end && failed_) e.code = error_code::source_failed;
  }

  /// A value longer than the limit (read_options::max_stream_frame).
  [[gnu::cold]] error too_long() {
    return error_here(error_code::limit_exceeded, "a value longer than read_options::max_stream_frame (" +
                                                      std::to_string(limit_) + " bytes) in a stream");
  }

  /// The input stopped: ended early, or failed.
  error error_at_end() {
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
  error error_here(error_code code, std::string what) {
    count_lines();
    error e;
    e.code = code;
    e.offset = offset_ + pos_;
    e.line = counted_at_.line;
    e.column = counted_at_.column;
    e.detail = std::move(what);
    return e;
  }

  bool failed() const noexcept { return failed_; }

 private:
  const char* data() const noexcept {
    if constexpr (in_memory) return reader_.text.data();
    else return buffer_.get();
  }

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

  /// Counts the lines and columns of the consumed bytes not counted yet.
  void count_lines() noexcept {
    counted_at_.advance(data() + counted_, data() + pos_);
    counted_ = pos_;
  }

  /// Moves the unconsumed bytes to the start, grows the buffer when they fill it, and reads more.
  bool fill() {
    if (eof_) return false;
    if constexpr (in_memory) {  // the next window is the text's next bytes: nothing moves, nothing is copied
      const std::size_t before = end_;
      end_ += std::min(window_, reader_.text.size() - end_);
      eof_ = end_ == reader_.text.size();
      return end_ != before;
    } else {
      if (pos_ != 0) {
        count_lines();
        std::memmove(buffer_.get(), buffer_.get() + pos_, end_ - pos_);
        end_ -= pos_;
        offset_ += pos_;
        pos_ = 0;
        counted_ = 0;
      }
      // The first window is small (a short input costs little); a longer input gets the whole window_ from its
      // second read on, and a token that fills the window doubles it.
      if (end_ == capacity_ || capacity_ < window_) {
        const std::size_t grown =
            capacity_ == 0 ? std::min<std::size_t>(window_, 64 * 1024) : std::max(capacity_ * 2, window_);
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
  }

  Reader& reader_;
  std::size_t limit_, window_;
  std::unique_ptr<char[]> buffer_;
  std::size_t capacity_ = 0, pos_ = 0, end_ = 0;
  std::size_t offset_ = 0;                           // of buffer_[0] in the whole input
  std::size_t counted_ = 0;
  text_position counted_at_;  // of buffer_[counted_]
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
  if (in.failed()) return in.error_at_end();
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

/// The bytes a walk (validate, reformat) reads at a time: each window costs a read, a move of the partial token at
/// its end, and the walk's restart; 1 MiB windows checked a 1 GiB file 5-10% faster here than 64 KiB ones.
inline constexpr std::size_t walk_window = std::size_t{1} << 20;

/// What walk_stream hands each stretch of text it has checked when nothing wants it.
struct ignore_text {
  void operator()(std::string_view) const noexcept {}
};

/// Walks the one JSON document of a stream, whatever its shape, validating it and handing its tokens on: the walk
/// of the contiguous validate (walk_nested) over the stream's window, resumed window after window, so that a stream
/// is checked at the speed of text in memory, with memory bounded by the window and the longest token.
/// `validated(text)` sees each stretch of the document the walk has checked, in order, before the stream lets it go.
template <class Reader, class Tokens = no_tokens, class Validated = ignore_text>
result<void> walk_stream(stream_input<Reader>& in, const read_options& opts, Tokens&& tokens = {},
                         Validated&& validated = {}) {
  if (!in.skip_whitespace()) return in.error_at_end();
  nested_walk w;
  for (;;) {
    std::string_view text = in.window();
    read_context c(text, opts);
    const walk_end end = resume_walk(c, w, in.at_end(), tokens);
    if (end != walk_end::failed) validated(text.substr(0, static_cast<std::size_t>(c.p - c.begin)));
    switch (end) {
      case walk_end::done:
        in.consume(static_cast<std::size_t>(c.p - c.begin));
        return expect_end(in);
      case walk_end::failed: {
        error e = std::move(c.err);
        e.path.assign(1, '$');  // (not = "$": g++ 12 at -O3 warns falsely, -Wrestrict)
        in.place(e, text);
        return e;
      }
      case walk_end::more: {
        in.consume(static_cast<std::size_t>(c.p - c.begin));
        result<bool> more = in.read_more();  // at the end of the input, the walk runs once more knowing it
        if (!more) return more.error();
        break;
      }
    }
  }
}

/// A walk's tokens, written again through a writer (reformat): their text as it was, the whitespace the writer's.
/// Strings are decoded and written anew only where read_options::replace_invalid_utf8 may have let invalid bytes in.
template <class Writer>
struct layout_tokens {
  static constexpr bool wanted = true;
  Writer& w;
  const read_options& opts;
  std::string decoded{};

  void open(bool object) { object ? w.begin_object() : w.begin_array(); }
  void close(bool object) { object ? w.end_object() : w.end_array(); }
  void key(const char* first, const char* last) {
    if (!opts.replace_invalid_utf8) return w.raw_key({first, static_cast<std::size_t>(last - first)});
    w.key(decode(first, last));
  }
  void scalar(const char* first, const char* last) {
    if (*first != '"' || !opts.replace_invalid_utf8) return w.raw_value({first, static_cast<std::size_t>(last - first)});
    w.value(decode(first, last));
  }
  std::string_view decode(const char* first, const char* last) {
    read_context c({first, static_cast<std::size_t>(last - first)}, opts);
    std::string_view text;
    read_string_text(c, first, decoded, text);  // cannot fail: the walk has read it
    return text;
  }
};

/// A walk's tokens, laid out again with no writer in between (reformat, unless strings are decoded): the walk has
/// checked the structure, so nothing the writer checks can go wrong here, and each token goes down with its comma,
/// newline and indentation under one check for room. On the 1 GiB file of bench/stream_bench.cpp, indented output
/// took 180 ms more than the bare token walk where the writer took 260 ms more (fmt_pretty/stream - tokens/stream).
template <class Sink, bool Pretty>
class layout_direct {
 public:
  static constexpr bool wanted = true;
  layout_direct(Sink& sink, const write_options& opts)
      : sink_(sink), w_(sink.start()), indent_(static_cast<std::size_t>(opts.indent)), max_depth_(opts.max_depth) {}

  void open(bool object) {
    value(object ? "{" : "[", 1);
    if (++depth_ > max_depth_ && too_deep_at_ == none) [[unlikely]]
      too_deep_at_ = offset();
    first_ = true;
  }
  void close(bool object) {
    --depth_;
    put(false, Pretty && !first_, object ? "}" : "]", 1, 0);  // a non-empty container closes on its own line
    first_ = false;
  }
  void key(const char* first, const char* last) {
    put(!first_, Pretty, first, static_cast<std::size_t>(last - first), Pretty ? 2 : 1);
    first_ = false;
    after_key_ = true;
  }
  void scalar(const char* first, const char* last) { value(first, static_cast<std::size_t>(last - first)); }

  /// Hands the last bytes to the sink: the bytes written, or the first error.
  result<std::size_t> finish() {
    const bool ok = sink_.finish(w_.pos);
    if (too_deep_at_ != none) return error{error_code::depth_exceeded, too_deep_at_, 0, 0, "$", {}};
    if (!ok) return error{error_code::sink_failed, offset(), 0, 0, "$", {}};
    return sink_.written();
  }

 private:
  /// A line's break and the most indentation put down with one fixed-size copy: of it, 1 + depth * indent count.
  static constexpr std::size_t line_copy = 64;
  static constexpr std::array<char, line_copy> line_text = [] {
    std::array<char, line_copy> l{};
    l.fill(' ');
    l[0] = '\n';
    return l;
  }();

  void value(const char* text, std::size_t n) {
    const bool after_key = std::exchange(after_key_, false);
    put(!first_ && !after_key, Pretty && !after_key && depth_ != 0, text, n, 0);
    first_ = false;
  }

  /// A comma when `comma`, a new line when `line`, the text, then a key's ':' (and ' ', when Pretty) when `colon`.
  void put(bool comma, bool line, const char* text, std::size_t n, std::size_t colon) {
    const std::size_t spaces = line ? depth_ * indent_ : 0;
    if (static_cast<std::size_t>(w_.end - w_.pos) < 1 + line_copy + n + 2 || spaces >= line_copy) [[unlikely]]
      return put_in_pieces(comma, line, spaces, text, n, colon);
    char* p = w_.pos;
    *p = ',';
    p += comma;
    if (line) {
      std::memcpy(p, line_text.data(), line_copy);
      p += 1 + spaces;
    }
    std::memcpy(p, text, n);
    p += n;
    std::memcpy(p, ": ", 2);  // of which `colon` count
    w_.pos = p + colon;
  }

  /// put, where the window may be too short for it: a new window, or the pieces one by one.
  [[gnu::noinline]] void put_in_pieces(bool comma, bool line, std::size_t spaces, const char* text, std::size_t n,
                                       std::size_t colon) {
    if (spaces < line_copy) {  // the window was short: a new one may do
      done_ = offset();
      w_ = sink_.next(w_.pos, io::min_window);
      start_ = w_.pos;
      if (static_cast<std::size_t>(w_.end - w_.pos) >= 1 + line_copy + n + 2) return put(comma, line, text, n, colon);
    }
    if (comma) bytes(",", 1);
    if (line) {
      bytes("\n", 1);
      for (; spaces > line_copy - 1; spaces -= line_copy - 1) bytes(line_text.data() + 1, line_copy - 1);
      bytes(line_text.data() + 1, spaces);
    }
    bytes(text, n);
    bytes(": ", colon);
  }

  void bytes(const char* p, std::size_t n) {
    done_ = offset() + n;
    w_ = io::put_bytes(sink_, w_, p, n);
    start_ = w_.pos;
  }

  /// Bytes put so far.
  std::size_t offset() const noexcept { return done_ + static_cast<std::size_t>(w_.pos - start_); }

  Sink& sink_;
  io::window w_;
  char* start_ = w_.pos;  ///< where in the window offset() counts from ...
  std::size_t done_ = 0;  ///< ... with done_ bytes before it
  std::size_t indent_;
  std::size_t max_depth_;
  std::size_t depth_ = 0;
  static constexpr std::size_t none = ~std::size_t{0};
  std::size_t too_deep_at_ = none;  ///< where the first bracket past max_depth ends
  bool first_ = true;        ///< nothing written yet in the innermost container (or at the top)
  bool after_key_ = false;
};

#if defined(PRISM_AVX2_STRINGS)
/// Compact reformatting where the CPU runs compact_text (has_avx512_compress): each window is validated by the walk
/// of validate, blocks and all, and what it validated is copied without its whitespace, rather than walked token by
/// token. What the walk refuses is not written: the output stops at the window before the error.
template <class Reader, class Sink>
result<std::size_t> compact_stream(Reader& reader, Sink& sink, const read_options& opts) {
  stream_input<Reader> in(reader, opts.max_stream_frame, walk_window);
  io::window out = sink.start();
  result<void> r = walk_stream(in, opts, no_tokens{}, [&](std::string_view checked) {
    out = compact_text(checked.data(), checked.size(), sink, out);
  });
  const bool written = sink.finish(out.pos);
  if (!r) return r.error();
  if (!written) return error{error_code::sink_failed, 0, 0, 0, "$", "the output refused the text"};
  return sink.written();
}
#endif

template <bool Pretty, class Reader, class Sink>
result<std::size_t> reformat_with(Reader& reader, Sink& sink, const write_options& wopts, const read_options& ropts) {
#if defined(PRISM_AVX2_STRINGS)
  if constexpr (!Pretty) {
    if (!ropts.replace_invalid_utf8 && has_avx512_compress()) return compact_stream(reader, sink, ropts);
  }
#endif
  stream_input<Reader> in(reader, ropts.max_stream_frame, walk_window);
  if (!ropts.replace_invalid_utf8) {
    layout_direct<Sink, Pretty> direct(sink, wopts);
    if (auto r = walk_stream(in, ropts, direct); !r) return r.error();
    return direct.finish();
  }
  writer<Sink, Pretty> w(sink, wopts);
  if (auto r = walk_stream(in, ropts, layout_tokens<writer<Sink, Pretty>>{w, ropts}); !r) return r.error();
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
  if (in.failed()) return in.error_at_end();
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
  detail::stream_input<std::remove_cvref_t<decltype(reader)>> in(reader, opts.max_stream_frame, detail::walk_window);
  return detail::walk_stream(in, opts);
}

namespace detail {
/// reformat from any reader (a stream's, or text_in_memory) into any output.
template <class Reader, class Out>
result<std::size_t> reformat_from(Reader& reader, Out&& out, const write_options& wopts, const read_options& ropts) {
  auto with = [&](auto& sink) {
    if (wopts.indent > 0) return detail::reformat_with<true>(reader, sink, wopts, ropts);
    return detail::reformat_with<false>(reader, sink, wopts, ropts);
  };
  if constexpr (std::is_same_v<std::remove_cvref_t<Out>, std::FILE*>) {
    // A document of any size goes through: written a window of the input's size at a time, a GiB costs a thousand
    // writes rather than the 65,000 of the 16 KiB buffer make_sink keeps on the stack (40-60 ms of 500 here).
    auto buffer = std::make_unique_for_overwrite<char[]>(detail::walk_window);
    std::FILE* file = out;
    io::fixed_sink sink(std::span<char>(buffer.get(), detail::walk_window), [file](std::string_view chunk) {
      return std::fwrite(chunk.data(), 1, chunk.size(), file) == chunk.size();
    });
    return with(sink);
  } else {
    auto&& sink = io::make_sink(out);
    return with(sink);
  }
}
}  // namespace detail

/// Re-emits the JSON document of a stream, compact or pretty per `wopts`, in memory bounded by its longest string or
/// number: what `prism fmt` does. Only whitespace changes: strings and numbers keep their text as written (strings
/// are written anew, escaped the writer's way, only under replace_invalid_utf8). On invalid input it stops at the
/// error, and what it wrote before it is incomplete. Returns the bytes written or the first error (of either side).
template <class In, class Out>
  requires io::readable<In>
result<std::size_t> reformat(In&& input, Out&& out, const write_options& wopts = {}, const read_options& ropts = {}) {
  decltype(auto) reader = io::make_reader(std::forward<In>(input));
  return detail::reformat_from(reader, std::forward<Out>(out), wopts, ropts);
}

/// reformat for text in memory: a string's document laid out again, compact or pretty per `wopts`, by the same walk
/// as a stream's, with no copy of the text. On invalid input it stops at the error, as reformat from a stream does.
///   std::string pretty;
///   prism::json::reformat(body, pretty, {.indent = 2}).value();
template <class Out>
result<std::size_t> reformat(std::string_view text, Out&& out, const write_options& wopts = {},
                             const read_options& ropts = {}) {
  detail::text_in_memory memory{text};
  return detail::reformat_from(memory, std::forward<Out>(out), wopts, ropts);
}

}  // namespace prism::json
