// prism: typed values to json::value and back without a document's text in between. from(): the typed writer drives
// a writer that builds a value rather than bytes, so a value made from a T is the document prism::json::write would
// write, view and options alike. to<T>(): the typed reader's rules applied to the value's arrays and objects.
#pragma once

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "../core/result.hpp"
#include "../core/view.hpp"
#include "detail/parse.hpp"
#include "detail/strings.hpp"
#include "read.hpp"
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

// ---- json::value to typed values ------------------------------------------------------------------------

/// What a conversion from a json::value to a typed value carries: the typed reader's context (options, depth, the
/// budget of read_options::max_alloc_bytes, the error and its path) and the text of the one leaf being read.
struct value_input {
  explicit value_input(const read_options& opts) : c(std::string_view(), opts) {}
  read_context c;    ///< its text is the leaf's, while a leaf is read
  std::string text;  ///< a leaf's JSON text
};

template <class View, class T>
bool from_value(value_input& in, const json::value& v, T& out);

/// `v` read as its JSON text by the typed reader, `read(c)` being the reader's call: for leaves (enums, timestamps,
/// bytes, represented values, numbers past 19 digits...) and for any value whose shape is not the one T takes, so
/// that every rule of the reader, and each of its errors, is the same as for the document prism::json::write writes
/// of `v`. Only the leaf becomes text, never the document around it.
template <class T, class Read>
bool from_text(value_input& in, const json::value& v, Read&& read) {
  read_context& c = in.c;
  std::string_view text;
  char number[number_chars];
  if (v.is_number()) {
    text = number_text(v, number);
    if (text.empty()) return fail(c, error_code::non_finite_number, c.begin, "NaN or infinity in a json::value");
  } else {
    in.text.clear();
    if (auto r = json::write(v, in.text); !r) {
      fail(c, r.error().code, c.begin, r.error().detail);
      c.err.path = r.error().path.substr(1);  // the writer's "$..." here
      return false;
    }
    text = in.text;
  }
  c.begin = c.p = text.data();
  c.end = text.data() + text.size();
  bool ok = read(c);
  if constexpr (borrows_input<T>) {  // it would view the leaf's text, gone with this call
    if (ok && !c.opts.strings)
      ok = fail(c, error_code::invalid_value, c.begin,
                "a field that views text (std::string_view, const char*, json::raw_view) cannot view a json::value's "
                "numbers or documents; set read_options::strings");
  }
  c.begin = c.p = c.end = nullptr;  // the text is gone
  return ok;
}

template <class View, class T>
bool from_text(value_input& in, const json::value& v, T& out) {
  return from_text<T>(in, v, [&](read_context& c) { return read_value<View>(c, out); });
}

/// Whether v holds arrays or objects nested more than `levels` deep (looking no deeper than that).
inline bool nests_deeper(const json::value& v, std::size_t levels) {
  if (!v.is_array() && !v.is_object()) return false;
  if (levels == 0) return true;
  for (const json::value& e : v.elements())
    if (nests_deeper(e, levels - 1)) return true;
  for (const member& m : v.members())
    if (nests_deeper(m.value(), levels - 1)) return true;
  return false;
}

/// A value passed over (an unknown key's, a computed field's): only max_depth applies, as when the reader skips it.
inline bool skipped(value_input& in, const json::value& v) {
  if (!nests_deeper(v, in.c.opts.max_depth - in.c.depth)) [[likely]]
    return true;
  return fail(in.c, error_code::depth_exceeded, in.c.begin, "nesting deeper than max_depth");
}

/// An array or object entered: max_depth, as the reader counts it.
inline bool enter_value(value_input& in) { return enter(in.c, in.c.begin); }

template <class View, class T>
bool from_array(value_input& in, const json::value& v, T& out) {
  const auto elements = v.elements();
  auto element_failed = [&](std::size_t i) {
    prism::detail::prepend_path(in.c.err.path, "[", std::to_string(i), "]");
    return false;
  };
  if constexpr (constexpr std::size_t n = prism::detail::fixed_extent<T>; n != std::size_t(-1)) {
    if (elements.size() != n) return from_text<View>(in, v, out);  // the reader's words for a wrong count
    if (!enter_value(in)) return false;
    for (std::size_t i = 0; i < n; ++i)
      if (!from_value<View>(in, elements[i], out[i])) return element_failed(i);
  } else {
    static_assert(requires { out.clear(); }, "prism: this sequence cannot be read (a span views elements it does not own)");
    using E = typename T::value_type;
    if (!enter_value(in)) return false;
    prism::detail::reused_nodes<T> spare(out);  // empties out
    typename T::iterator last{};
    if constexpr (requires { out.before_begin(); }) last = out.before_begin();
    for (std::size_t i = 0; i < elements.size(); ++i) {
      // As the reader does: counted against max_alloc_bytes first; an element the error is in is taken out again.
      if (!charge<E>(in.c)) return element_failed(i);
      if constexpr (requires { { out.emplace_back() } -> std::same_as<E&>; }) {
        if (!from_value<View>(in, elements[i], out.emplace_back())) {
          out.pop_back();
          return element_failed(i);
        }
      } else if constexpr (requires { out.emplace_after(last); }) {
        const auto before = last;
        last = out.emplace_after(last);
        if (!from_value<View>(in, elements[i], *last)) {
          out.erase_after(before);
          return element_failed(i);
        }
      } else {
        E e{};
        if (!from_value<View>(in, elements[i], e)) return element_failed(i);
        spare.add(out, std::move(e));
      }
    }
  }
  --in.c.depth;
  return true;
}

template <class View, class T>
bool from_tuple(value_input& in, const json::value& v, T& out) {
  constexpr std::size_t n = std::tuple_size_v<T>;
  const auto elements = v.elements();
  if (elements.size() != n) return from_text<View>(in, v, out);
  if (!enter_value(in)) return false;
  const bool ok = [&]<std::size_t... I>(std::index_sequence<I...>) {
    auto one = [&]<std::size_t J>(std::integral_constant<std::size_t, J>) {
      if (from_value<View>(in, elements[J], std::get<J>(out))) return true;
      prism::detail::prepend_path(in.c.err.path, "[", std::to_string(J), "]");
      return false;
    };
    (void)one;  // unused for an empty tuple
    return (one(std::integral_constant<std::size_t, I>{}) && ...);
  }(std::make_index_sequence<n>{});
  if (!ok) return false;
  --in.c.depth;
  return true;
}

template <class View, class T>
bool from_map(value_input& in, const json::value& v, T& out) {
  using K = typename adapter<T>::key_type;
  using V = typename adapter<T>::mapped_type;
  read_context& c = in.c;
  if (!enter_value(in)) return false;
  prism::detail::reused_nodes<T> spare(out);
  for (const member& m : v.members()) {
    K key{};
    if (!read_map_key(c, m.key(), true, c.begin, key)) return false;  // a string_view key views the value's
    if (c.opts.reject_duplicate_keys && out.find(key) != out.end()) [[unlikely]]
      return fail_duplicate_key(c, c.begin, m.key());
    bool ok = charge<std::pair<K, V>>(c);
    if constexpr (requires { out.try_emplace(std::move(key)); }) {
      ok = ok && from_value<View>(in, m.value(), spare.add(out, std::move(key), V{})->second);
    } else {  // multimaps keep every pair
      V e{};
      ok = ok && from_value<View>(in, m.value(), e);
      if (ok) spare.add(out, std::move(key), std::move(e));
    }
    if (!ok) {
      prism::detail::prepend_path(c.err.path, "[\"", m.key(), "\"]");
      return false;
    }
  }
  --c.depth;
  return true;
}

/// Slot S of record obj from `v`, as read_slot reads it from text.
template <class View, class T, std::size_t S>
bool slot_from_value(value_input& in, const json::value& v, T& obj) {
  using L = view_record<View, T>;
  auto read = [&](auto& target) {
    if constexpr (constexpr std::size_t k = L::represent_modifier(S); k != L::npos)
      return from_text<std::remove_cvref_t<decltype(target)>>(
          in, v, [&](read_context& c) { return read_represented<View>(c, std::get<k>(L::entry.list).rep, target); });
    else
      return from_value<View>(in, v, target);
  };
  return into_slot<View, T, S>(obj, read, [&] { return skipped(in, v); });
}

/// A record from an object's members, by read_record's rules: the last of repeated keys (or an error, by option),
/// unknown keys skipped (or an error), required fields checked once all are read.
template <class View, class T>
bool from_object(value_input& in, const json::value& v, T& obj) {
  using L = view_record<View, T>;
  constexpr std::size_t n = L::size;
  read_context& c = in.c;
  if (!enter_value(in)) return false;
  std::array<bool, n == 0 ? 1 : n> seen{};
  std::size_t seen_count = 0;
  for (const member& m : v.members()) {
    const std::size_t index = find_slot<View, T>(m.key());
    if (index < n) {
      if (seen[index]) [[unlikely]] {
        if (c.opts.reject_duplicate_keys) return fail_duplicate_key(c, c.begin, L::names[index]);
        reset_duplicate<View, T>(obj, index);
      } else {
        ++seen_count;
      }
      const bool ok = [&]<std::size_t... S>(std::index_sequence<S...>) {
        bool r = true;
        (void)((index == S && (r = slot_from_value<View, T, S>(in, m.value(), obj), true)) || ...);
        return r;
      }(std::make_index_sequence<n>{});
      if (!ok) {
        prism::detail::prepend_path(c.err.path, ".", L::names[index]);
        return false;
      }
      seen[index] = true;
    } else if (c.opts.reject_unknown_fields) {
      std::string name(m.key());
      fail(c, error_code::unknown_field, c.begin,
           "unknown field \"" + name + "\" in " + std::string(prism::detail::type_name<T>()));
      prism::detail::prepend_path(c.err.path, ".", name);
      return false;
    } else if (!skipped(in, m.value())) {  // skipped, as the reader skips it: within max_depth
      prism::detail::prepend_path(c.err.path, ".", m.key());
      return false;
    }
  }
  --c.depth;
  if (seen_count == n || !(has_marked_required<View, T> || c.opts.require_all_fields)) return true;
  return [&]<std::size_t... S>(std::index_sequence<S...>) {
    auto check = [&](std::size_t i, bool required) {
      if (!required || seen[i]) return true;
      return fail(c, error_code::missing_field, c.begin,
                  "missing required field \"" + std::string(L::names[i]) + "\" in " +
                      std::string(prism::detail::type_name<T>()));
    };
    (void)check;  // unused when the record has no fields
    return (check(S, slot_is_required<View, T, S>(c.opts)) && ...);
  }(std::make_index_sequence<n>{});
}

/// A variant from null (a null alternative) or from {"tag": value}, as read_variant reads it.
template <class View, class... A>
bool from_variant(value_input& in, const json::value& v, std::variant<A...>& out) {
  constexpr std::size_t n = sizeof...(A);
  constexpr std::array<std::string_view, n> tags = {alternative_name<A>()...};
  constexpr std::array<bool, n> is_null_alternative = {(kind_of<A> == kind::null)...};
  std::size_t index = n;
  if (v.is_null()) {
    for (std::size_t i = n; i-- > 0;)
      if (is_null_alternative[i]) index = i;  // the first, as the reader takes it
  } else if (v.is_object() && v.size() == 1) {
    for (std::size_t i = 0; i < n; ++i)
      if (tags[i] == v.members()[0].key() && !is_null_alternative[i]) index = i;
  }
  if (index == n) return from_text<View>(in, v, out);  // the reader's words for what is wrong
  if (v.is_null()) {
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (void)((index == I && (out.template emplace<I>(), true)) || ...);
    }(std::make_index_sequence<n>{});
    return true;
  }
  if (!enter_value(in)) return false;
  const json::value& inner = v.members()[0].value();
  const bool ok = [&]<std::size_t... I>(std::index_sequence<I...>) {
    bool r = true;
    (void)((index == I && (r = from_value<View>(in, inner, out.template emplace<I>()), true)) || ...);
    return r;
  }(std::make_index_sequence<n>{});
  if (!ok) {
    prism::detail::prepend_path(in.c.err.path, ".", tags[index]);
    return false;
  }
  --in.c.depth;
  return true;
}

/// A string from a string value: viewed where it is (a string_view views the value's text, which must outlive it),
/// interned (read_options::strings) or copied. What the reader refuses (a C string without a pool, a string too long
/// for its target) it is left to refuse, in its words.
template <class S>
bool from_string(value_input& in, const json::value& v, S& out) {
  std::string_view text = *v.as_string();
  if constexpr (requires { adapter<S>::views_text; }) {
    if (in.c.opts.strings) text = in.c.opts.strings->intern(text);
    else if constexpr (std::is_same_v<S, const char*>) return from_text<default_view>(in, v, out);
    if constexpr (std::is_same_v<S, const char*>) out = text.data();
    else out = S(text.data(), text.size());
    return true;
  } else {
    if (adapter<S>::assign(out, text)) [[likely]]
      return true;
    return from_text<default_view>(in, v, out);
  }
}

template <class View, class T>
bool from_value(value_input& in, const json::value& v, T& out) {
  constexpr kind k = kind_of<T>;
  if constexpr (treatment_of<View, T> == treatment::default_view) {
    return from_value<default_view>(in, v, out);
  } else if constexpr (treatment_of<View, T> == treatment::represented) {
    return from_text<View>(in, v, out);
  } else if constexpr (!prism::detail::parts_describable<T>) {
    prism::detail::describable_or_stop<T>();  // stops the build with the part's one message
    return false;
  } else if constexpr (k == kind::boolean) {
    if (!v.is_bool()) return from_text<View>(in, v, out);
    out = *v.as_bool();
    return true;
  } else if constexpr (k == kind::integer) {  // an integer held as one, when it fits; the reader says why not
    if (v.is_integer()) {
      using limits = std::numeric_limits<T>;
      if constexpr (std::is_signed_v<T>) {
        if (auto i = v.as_int64(); i && *i >= std::int64_t{limits::min()} && *i <= std::int64_t{limits::max()})
          return out = static_cast<T>(*i), true;
      } else {
        if (auto u = v.as_uint64(); u && *u <= std::uint64_t{limits::max()}) return out = static_cast<T>(*u), true;
      }
    }
    return from_text<View>(in, v, out);
  } else if constexpr (k == kind::floating) {
    if (v.is_integer() && std::is_same_v<T, double>) {
      if (auto i = v.as_int64()) return out = static_cast<T>(*i), true;
    }
    // A number kept as written goes through the reader's own conversion from its digits and power of ten, rounded
    // once, where that needs no text (the slow path's); the rest, and what does not fit, as the reader reads it.
    decimal_number d;
    if (decimal_of(v, d) && d.q >= pow10_min_exponent && d.q <= float_format<T>::largest_power_of_ten &&
        to_float(d, out))
      return true;
    return from_text<View>(in, v, out);
  } else if constexpr (k == kind::string && !prism::detail::is_json_text<T>) {
    if constexpr (prism::detail::may_be_null<T>) {
      if (v.is_null()) return out = nullptr, true;
    }
    if (!v.is_string()) return from_text<View>(in, v, out);
    return from_string(in, v, out);
  } else if constexpr (k == kind::optional || k == kind::pointer) {
    if (v.is_null()) {
      adapter<T>::reset(out);
      return true;
    }
    return from_value<View>(in, v, adapter<T>::ensure(out));
  } else if constexpr (k == kind::sequence) {
    if (!v.is_array()) return from_text<View>(in, v, out);
    return from_array<View>(in, v, out);
  } else if constexpr (k == kind::tuple) {
    if (!v.is_array()) return from_text<View>(in, v, out);
    return from_tuple<View>(in, v, out);
  } else if constexpr (k == kind::map) {
    if (!v.is_object()) return from_text<View>(in, v, out);
    return from_map<View>(in, v, out);
  } else if constexpr (k == kind::record) {
    if (!v.is_object()) return from_text<View>(in, v, out);
    return from_object<View>(in, v, out);
  } else if constexpr (k == kind::variant) {
    return from_variant<View>(in, v, out);
  } else if constexpr (k == kind::dynamic) {
    // Copied whole, unless an option asks more than a copy gives: the reader then reads it, to the same effect as
    // from a document (its error within max_depth, repeated keys refused, the value made in the arena).
    const read_options& o = in.c.opts;
    if (o.reject_duplicate_keys || o.arena || nests_deeper(v, o.max_depth - in.c.depth))
      return from_text<View>(in, v, out);
    out = v;
    return true;
  } else {  // null, characters, bytes, enums, times, durations, surrogates, raw JSON text
    return from_text<View>(in, v, out);
  }
}

template <class View, class T>
result<void> value_to(const json::value& v, T& out, const read_options& opts) {
  value_input in(opts);
  if (from_value<View>(in, v, out)) return {};
  error e = std::move(in.c.err);
  e.path.insert(0, 1, '$');
  e.offset = error::no_offset;  // about the value, not a text
  e.line = e.column = 0;
  return e;
}

}  // namespace detail

/// `v` as a T, read through `view` by the typed reader's rules (names, required and unknown fields, enums,
/// representations, limits...) without writing `v` out as a document first: records, arrays, maps and variants are
/// read from the value's own arrays and objects, strings copied (or viewed, for std::string_view fields: `v` must
/// outlive them), integers taken as they are held, numbers as written rounded from their digits; other leaves
/// (enums, times, bytes, represented fields) are read from their own few bytes of text, so each converts exactly as
/// it reads from a document. Errors are the reader's, with their path and no position.
///   Order o = prism::json::to<Order>(v, api_v2{}).value();
template <class T, view_choice View>
result<T> to(const value& v, const View& view, const read_options& opts = {}) {
  static_assert(std::is_default_constructible_v<T>, "prism: to<T> needs a default-constructible T");
  return prism::detail::read_new<T>(
      [&](T& out) { return visit_view(view, [&]<class V>(V) { return detail::value_to<V>(v, out, opts); }); });
}

/// `v` as a T through its own description (the default view): see above.
///   auto config = prism::json::to<Config>(doc["config"]).value();
template <class T>
result<T> to(const value& v, const read_options& opts = {}) {
  return to<T>(v, default_view{}, opts);
}

namespace detail {
/// The one error for a T that would view the text of a temporary json::value (borrows_input).
template <class T>
constexpr void check_outlives_value() {
  static_assert(!borrows_input<T>,
                "prism: this type holds std::string_view or const char* text, which would point into a temporary "
                "json::value that is gone when to returns. Convert from a value that outlives the result, or hold "
                "the text as std::string.");
}
}  // namespace detail

/// to<T> from a temporary value: the same, except that a T holding views of text (std::string_view, const char*)
/// does not compile, since the value's text is gone when to returns.
template <class T, view_choice View>
result<T> to(value&& v, const View& view, const read_options& opts = {}) {
  detail::check_outlives_value<T>();
  return to<T>(std::as_const(v), view, opts);
}

/// to<T> from a temporary value through the default view (see above).
template <class T>
result<T> to(value&& v, const read_options& opts = {}) {
  detail::check_outlives_value<T>();
  return to<T>(std::as_const(v), default_view{}, opts);
}

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
