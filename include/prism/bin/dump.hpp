// prism: any binary document as readable text, without its types (what `prism dump` prints): field ids, wire
// types and values, like `protoc --decode_raw`. The same checks as the reader: a malformed document is an error.
//   version 1 record {
//     1: sint -3
//     3: bytes "hi"
//     5: seq f64 [2] { 1, 2 }
//   }
#pragma once

#include <charconv>
#include <algorithm>
#include <concepts>
#include <cstring>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

#include "../io/sink.hpp"
#include "read.hpp"

namespace prism::bin {

namespace detail {

/// Text into a sink, a window at a time, so that what dump prints never gathers in memory (a deep malformed
/// document prints far more text than it has bytes: its indentation).
template <class Sink>
class text_out {
 public:
  explicit text_out(Sink& sink) : sink_(sink) {
    io::window w = sink_.start();
    pos_ = w.pos;
    end_ = w.end;
  }
  text_out& operator+=(char ch) {
    if (pos_ == end_) {
      io::window w = sink_.next(pos_, 1);
      pos_ = w.pos;
      end_ = w.end;
    }
    *pos_++ = ch;
    return *this;
  }
  text_out& operator+=(std::string_view text) {
    append(text.data(), text.size());
    return *this;
  }
  void append(const char* p, std::size_t n) {
    io::window w = io::put_bytes(sink_, {pos_, end_}, p, n);
    pos_ = w.pos;
    end_ = w.end;
  }
  void append(const char* p, const char* e) { append(p, static_cast<std::size_t>(e - p)); }
  void append(std::size_t n, char ch) {
    while (n != 0) {
      if (pos_ == end_) {
        io::window w = sink_.next(pos_, 1);
        pos_ = w.pos;
        end_ = w.end;
      }
      const std::size_t k = std::min(n, static_cast<std::size_t>(end_ - pos_));
      std::memset(pos_, ch, k);
      pos_ += k;
      n -= k;
    }
  }
  /// Hands the last bytes to the sink; false when it failed.
  bool finish() { return sink_.finish(pos_); }
  std::size_t written() const { return sink_.written(); }

 private:
  Sink& sink_;
  char* pos_ = nullptr;
  char* end_ = nullptr;
};

template <class Out>
void dump_bytes(Out& out, const unsigned char* p, std::size_t n) {
  static constexpr char hex[] = "0123456789abcdef";
  out += '"';
  for (std::size_t i = 0; i < n; ++i) {
    unsigned char ch = p[i];
    if (ch == '"' || ch == '\\') {
      out += '\\';
      out += static_cast<char>(ch);
    } else if (ch >= 0x20 && ch < 0x7f) {
      out += static_cast<char>(ch);
    } else {
      out += "\\x";
      out += hex[ch >> 4];
      out += hex[ch & 15];
    }
  }
  out += '"';
}

template <class Out, class F>
void dump_number(Out& out, F v) {
  char buf[64];
  out.append(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
}

template <class Out>
bool dump_value(context& c, wire w, Out& out, int indent);

template <class Out>
void newline(Out& out, int indent) {
  out += '\n';
  out.append(static_cast<std::size_t>(indent) * 2, ' ');
}

/// Elements of a sequence or map: inline when scalar, one per line otherwise.
template <class Out>
bool dump_items(context& c, std::uint64_t count, wire k, bool pairs, wire v, Out& out, int indent) {
  wire shown = pairs ? v : k;
  bool nested = (shown >= wire::record && shown <= wire::poly) || shown == wire::choice;
  out += " {";
  if (!enter(c)) return false;
  for (std::uint64_t i = 0; i < count; ++i) {
    if (nested) newline(out, indent + 1);
    else out += i == 0 ? " " : ", ";
    if (!dump_value(c, k, out, indent + 1)) return false;
    if (pairs) {
      out += ": ";
      if (!dump_value(c, v, out, indent + 1)) return false;
    }
  }
  --c.depth;
  if (nested) newline(out, indent);
  else out += ' ';
  out += '}';
  return true;
}

template <class Out>
bool dump_record(context& c, Out& out, int indent) {
  out += "{";
  bool ok = read_fields(c, [&](std::uint32_t id, wire w) {
    newline(out, indent + 1);
    out += std::to_string(id) + ": " + wire_name(static_cast<unsigned>(w)) + ' ';
    return dump_value(c, w, out, indent + 1);
  });
  if (!ok) return false;
  newline(out, indent);
  out += '}';
  return true;
}

template <class Out>
bool dump_value(context& c, wire w, Out& out, int indent) {
  const unsigned char* at = c.p;
  std::uint64_t v = 0;
  switch (w) {
    case wire::uint:
      if (!read_varint(c, v)) return false;
      out += std::to_string(v);
      return true;
    case wire::sint:
      if (!read_varint(c, v)) return false;
      out += std::to_string(unzigzag(v));
      return true;
    case wire::f32: {
      float f = 0;
      if (!read_scalar(c, w, f)) return false;
      dump_number(out, f);
      return true;
    }
    case wire::f64: {
      double d = 0;
      if (!read_scalar(c, w, d)) return false;
      dump_number(out, d);
      return true;
    }
    case wire::i32:
    case wire::u32:
    case wire::i64:
    case wire::u64: {
      bool is_signed = false;
      if (!read_fixed_integer(c, c.p, w, v, is_signed)) return false;
      out += is_signed ? std::to_string(unzigzag(v)) : std::to_string(v);
      return true;
    }
    case wire::bytes: {
      std::size_t n = 0;
      if (!read_count(c, 1, n)) return false;
      dump_bytes(out, c.p, n);
      c.p += n;
      return true;
    }
    case wire::record:
      return dump_record(c, out, indent);
    case wire::seq: {
      std::size_t n = 0;
      wire e = wire::uint;
      if (!read_seq_header(c, n, e)) return false;
      if (n == 0) {  // a level of nesting, as when read or skipped
        if (!enter(c)) return false;
        --c.depth;
        out += "[0]";
        return true;
      }
      out += std::string(wire_name(static_cast<unsigned>(e))) + " [" + std::to_string(n) + "]";
      return dump_items(c, n, e, false, e, out, indent);
    }
    case wire::map: {
      std::size_t n = 0;
      wire k = wire::uint, e = wire::uint;
      if (!read_map_header(c, n, k, e)) return false;
      if (n == 0) {  // a level of nesting, as when read or skipped
        if (!enter(c)) return false;
        --c.depth;
        out += "[0]";
        return true;
      }
      out += std::string(wire_name(static_cast<unsigned>(k))) + " -> " + wire_name(static_cast<unsigned>(e)) + " [" +
             std::to_string(n) + "]";
      return dump_items(c, n, k, true, e, out, indent);
    }
    case wire::ref: {
      if (!read_varint(c, v)) return false;
      if (v == 0) {
        out += "null";
        return true;
      }
      if (v & 1) {
        if ((v - 1) / 2 >= c.objects().size()) return fail(c, error_code::invalid_value, at, "reference to a shared object not yet seen");
        out += "-> shared object " + std::to_string((v - 1) / 2);
        return true;
      }
      std::uint64_t inner = v / 2 - 1;
      if (!is_ref_value(inner)) return fail(c, error_code::invalid_value, at, "invalid ref header");
      if (inner >= 16) {
        out += "shared object " + std::to_string(c.objects().size()) + " ";
        c.objects().push_back({nullptr, nullptr});
      }
      auto held = static_cast<wire>(inner % 16);
      out += std::string(wire_name(static_cast<unsigned>(held))) + ' ';
      return read_ref_value(c, held, [&] { return dump_value(c, held, out, indent); });
    }
    case wire::poly: {
      if (!read_varint(c, v)) return false;
      std::size_t number = 0;
      if (v != 0 && !read_type_name(c, v, at, number)) return false;
      if (v == 0) {
        out += "(the base type) ";
      } else {
        out += "type ";
        dump_bytes(out, reinterpret_cast<const unsigned char*>(c.type_names()[number].data()), c.type_names()[number].size());
        out += ' ';
      }
      return dump_record(c, out, indent);
    }
    case wire::choice: {
      std::size_t name = 0;
      wire held = wire::uint;
      if (!read_choice_header(c, name, held)) return false;
      out += "alternative ";
      dump_bytes(out, reinterpret_cast<const unsigned char*>(c.type_names()[name].data()), c.type_names()[name].size());
      out += std::string(" ") + wire_name(static_cast<unsigned>(held)) + ' ';
      if (!enter(c)) return false;
      if (!dump_value(c, held, out, indent)) return false;
      --c.depth;
      return true;
    }
  }
  return fail(c, error_code::invalid_value, at, "unknown wire type");
}

}  // namespace detail

/// The document `bytes` as text, written into `output` (a FILE*, a std::string, any sink) as it is read, so that
/// memory holds one window of text whatever the document: its version, then every value with its field ids and wire
/// types. Returns the bytes written; on a malformed document the error (with the byte offset), after the text that
/// came before it.
///   prism::bin::dump(bytes, stdout);
template <class Out>
  requires(!std::same_as<std::remove_cvref_t<Out>, read_options>)
result<std::size_t> dump(std::span<const std::byte> bytes, Out&& output, const read_options& opts = {}) {
  detail::context c(bytes, opts);
  if (c.p == c.end) {
    detail::fail(c, error_code::unexpected_end, c.p, "empty input: no document");
    return detail::finish_error(c);
  }
  unsigned header = *c.p++;
  if ((header >> 4) != format_version) {
    detail::fail(c, error_code::unsupported_version, c.begin, "format version " + std::to_string(header >> 4) + ", this reader knows " + std::to_string(format_version));
    return detail::finish_error(c);
  }
  if ((header & 15) >= wire_types) {
    detail::fail(c, error_code::invalid_value, c.begin, "unknown wire type " + std::to_string(header & 15));
    return detail::finish_error(c);
  }
  auto&& sink = io::make_sink(output);
  detail::text_out out(sink);
  out += "version ";
  out += std::to_string(format_version);
  out += ' ';
  out += wire_name(header & 15);
  out += ' ';
  bool ok = detail::dump_value(c, static_cast<wire>(header & 15), out, 0);
  if (ok && c.p != c.end)
    ok = detail::fail(c, error_code::trailing_content, c.p, std::to_string(c.left()) + " bytes after the document");
  if (ok) out += '\n';
  const bool written = out.finish();
  if (!ok) return detail::finish_error(c);
  if (!written) return error{error_code::sink_failed, 0, 0, 0, "$", "the output refused the text"};
  return out.written();
}

/// The document `bytes` as text, in a string (see above).
inline result<std::string> dump(std::span<const std::byte> bytes, const read_options& opts = {}) {
  std::string text;
  if (auto r = dump(bytes, text, opts); !r) return r.error();
  return text;
}

}  // namespace prism::bin
