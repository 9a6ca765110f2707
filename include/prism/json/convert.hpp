// prism: typed values to json::value without text in between: the typed writer drives a writer that builds a value
// rather than bytes, so a value made from a T is the document prism::json::write would write, view and options alike.
#pragma once

#include <cmath>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../core/result.hpp"
#include "../core/view.hpp"
#include "detail/parse.hpp"
#include "detail/strings.hpp"
#include "value.hpp"
#include "write.hpp"

namespace prism::json {

namespace detail {

/// The writer interface the typed writer drives (writer<Sink, Pretty>'s tokens), building a json::value. It takes
/// the typed writer's general paths (pretty = true: no text cursor); the text it is handed (prepared keys, raw JSON,
/// numbers written as floats) is read back into values.
class value_writer {
 public:
  static constexpr bool pretty = true;  ///< no text cursor: the typed writer takes its token by token paths

  explicit value_writer(const write_options& opts) noexcept : opts_(opts) {}

  const write_options& options() const noexcept { return opts_; }
  bool ok() const noexcept { return err_ == error_code::none; }
  std::string& error_path() noexcept { return path_; }
  std::size_t depth() const noexcept { return open_.size(); }
  void fail(error_code c) { fail(c, {}); }
  void fail(error_code c, std::string detail) {
    if (err_ != error_code::none) return;
    err_ = c;
    detail_ = std::move(detail);
  }

  void begin_object() { open(json::value::object()); }
  void end_object() { close(); }
  void begin_array() { open(json::value::array()); }
  void end_array() { close(); }

  void key(std::string_view k) { key_.assign(k); }
  void key(prepared_key k) { key_from_json(k.text.substr(0, k.text.size() - 1)); }  // `"name":` less its colon
  template <std::size_t N>
  void key(const std::array<char, N>& k) {
    key(prepared_key{std::string_view(k.data(), N)});
  }
  void raw_key(std::string_view quoted) { key_from_json(quoted); }

  void null() { put(json::value()); }
  void value(std::nullptr_t) { null(); }
  void value(bool b) { put(json::value(b)); }
  template <std::integral I>
    requires(!std::same_as<I, bool> && !std::same_as<I, char>)
  void value(I v) {
    put(json::value(v));
  }
  void value(double v) {
    if (!std::isfinite(v)) [[unlikely]]
      return nonfinite();
    put(json::value(v));
  }
  /// A float as the writer spells it (0.1f is 0.1, not the double 0.100000001490116...).
  void value(float v) {
    if (!std::isfinite(v)) [[unlikely]]
      return nonfinite();
    char buf[max_float_chars];
    raw_value(std::string_view(buf, static_cast<std::size_t>(write_float(buf, v) - buf)));
  }
  void value(std::string_view s) {
    if (valid_utf8(s)) [[likely]]
      return put(json::value(s));
    if (!opts_.replace_invalid_utf8) return fail(error_code::invalid_utf8);
    put(json::value(with_replacements(s)));
  }
  void value(const char* s) { value(std::string_view(s)); }
  void value(const std::string& s) { value(std::string_view(s)); }
  void value(char c) { value(std::string_view(&c, 1)); }

  void begin_string() { text_.clear(); }
  void string_chunk_raw(const char* p, std::size_t n) { text_.append(p, n); }
  void string_chunk(std::string_view s) { text_.append(s); }
  void end_string() { value(std::string_view(text_)); }
  /// Room for n bytes of a string being written in pieces (base64); commit(p) keeps what was written up to p.
  char* reserve(std::size_t n) {
    std::size_t at = text_.size();
    text_.resize(at + n);
    return text_.data() + at;
  }
  void commit(char* p) { text_.resize(static_cast<std::size_t>(p - text_.data())); }

  /// One JSON value's text (a json::raw field, a float's spelling): read into a value.
  void raw_value(std::string_view json) {
    const read_options strict{};  // read_context keeps a reference: a temporary here would dangle
    read_context c(json, strict);
    json::value v;
    value_reader r(c, nullptr);
    if (!r.read(v) || c.p != c.end) [[unlikely]]
      return fail(error_code::invalid_value, "raw JSON text that is not one JSON value (json::raw)");
    put(std::move(v));
  }

  /// A json::value inside the typed value: copied whole rather than token by token.
  void copy_of(const json::value& v) {
    if (depth() + nesting(v) > opts_.max_depth) [[unlikely]]
      return fail(error_code::depth_exceeded);
    put(json::value(v));
  }

  /// The value built, or the first error with the path of the value that caused it.
  result<json::value> finish() {
    if (err_ != error_code::none) {
      error e;
      e.code = err_;
      e.offset = error::no_offset;
      e.path = "$" + path_;
      e.detail = std::move(detail_);
      return e;
    }
    return std::move(root_);
  }

 private:
  void open(json::value container) {
    if (open_.size() + 1 > opts_.max_depth) [[unlikely]]
      return fail(error_code::depth_exceeded);
    open_.push_back(std::move(container));
    keys_.push_back(std::move(key_));
  }

  void close() {
    if (open_.empty()) return;  // after a depth error
    json::value done = std::move(open_.back());
    open_.pop_back();
    key_ = std::move(keys_.back());
    keys_.pop_back();
    put(std::move(done));
  }

  void put(json::value v) {
    if (!ok()) return;
    if (open_.empty()) {
      root_ = std::move(v);
    } else if (open_.back().is_array()) {
      open_.back().push_back(std::move(v));
    } else {
      open_.back().append(key_, std::move(v));
    }
  }

  void key_from_json(std::string_view quoted) {
    const read_options strict{};
    read_context c(quoted, strict);
    std::string_view text;
    if (!read_string_text(c, quoted.data(), c.scratch, text)) [[unlikely]]
      return fail(error_code::invalid_value, "a key that is no JSON string");
    key_.assign(text);
  }

  [[gnu::noinline]] void nonfinite() {
    if (opts_.nonfinite_as_null) return null();
    fail(error_code::non_finite_number);
  }

  static bool valid_utf8(std::string_view s) noexcept {
    const auto* p = reinterpret_cast<const unsigned char*>(s.data());
    for (std::size_t i = 0, n = s.size(); i < n;) {
      if (p[i] < 0x80) {
        ++i;
        continue;
      }
      char32_t cp;
      int len = utf8_sequence(p + i, n - i, cp);
      if (len <= 0) return false;
      i += static_cast<std::size_t>(len);
    }
    return true;
  }

  /// s with U+FFFD in place of each invalid sequence, as the writer's replace_invalid_utf8 writes it.
  static std::string with_replacements(std::string_view s) {
    std::string out;
    const auto* p = reinterpret_cast<const unsigned char*>(s.data());
    for (std::size_t i = 0, n = s.size(); i < n;) {
      char32_t cp;
      int len = p[i] < 0x80 ? 1 : utf8_sequence(p + i, n - i, cp);
      if (len > 0) {
        out.append(s.data() + i, static_cast<std::size_t>(len));
        i += static_cast<std::size_t>(len);
      } else {
        append_utf8(out, 0xFFFD);
        i += static_cast<std::size_t>(len < 0 ? -len : 1);
      }
    }
    return out;
  }

  static std::size_t nesting(const json::value& v) noexcept {
    std::size_t deepest = 0;
    for (const json::value& e : v.elements()) deepest = std::max(deepest, nesting(e));
    for (const member& m : v.members()) deepest = std::max(deepest, nesting(m.value()));
    return v.is_array() || v.is_object() ? deepest + 1 : 0;
  }

  const write_options& opts_;
  std::vector<json::value> open_;  ///< the arrays and objects open, innermost last
  std::vector<std::string> keys_;  ///< the key each open one goes under in its parent
  std::string key_;                ///< the key of the next member
  std::string text_;               ///< a string written in pieces
  json::value root_;
  error_code err_ = error_code::none;
  std::string path_;
  std::string detail_;
};

}  // namespace detail

/// `t` as a json::value through `view`: the value prism::json::write writes (names, omissions, representations,
/// enums as names or numbers, skip_null_fields...), built without text in between. Errors are the writer's (a NaN
/// without nonfinite_as_null, invalid UTF-8, depth), with their path.
///   prism::json::value v = prism::json::from(order, api_v2{}).value();
template <class T, view_choice View>
result<value> from(const T& t, const View& view, const write_options& opts = {}) {
  return visit_view(view, [&]<class V>(V) {
    detail::value_writer w(opts);
    detail::write_value<V>(w, t);
    return w.finish();
  });
}

/// `t` as a json::value through its own description (the default view): see above.
template <class T>
result<value> from(const T& t, const write_options& opts = {}) {
  return from(t, default_view{}, opts);
}

}  // namespace prism::json
