// prism: the builder. Any JSON shape written as ordinary code, straight into a sink: no temporary document, no
// allocation, keys in the order written. Typed values go through the typed writer, through the builder's view.
#pragma once

#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstring>
#include <ranges>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "../core/view.hpp"
#include "write.hpp"
#include "writer.hpp"

namespace prism::json {

template <class W, class View>
class array_builder;

namespace detail {
template <class T>
inline constexpr bool is_writer = false;
template <class Sink, bool Pretty>
inline constexpr bool is_writer<writer<Sink, Pretty>> = true;

/// An object (Object) or array at the writer's position, its members or elements written by f with a builder of its
/// own, through view V.
template <class V, bool Object, class W, class F>
void build_value(W& w, F&& f);
/// build_value for a builder's own member or element (compact output), the opening bracket written by the builder.
template <class V, bool Object, class W, class F>
void build_nested(W& w, F&& f);

/// False, for a static_assert that fires only where a template is used.
template <class...>
inline constexpr bool never = false;

/// A range the typed writer does not describe (a view, a generator) is written as an array of its elements.
template <class T>
concept plain_range = kind_of<T> == kind::none && std::ranges::input_range<const T>;

/// The shared part of both builders: the writer, the scope's level, and the error path.
template <class W, class View>
class builder_base {
 public:
  builder_base(const builder_base&) = delete;
  builder_base& operator=(const builder_base&) = delete;

  /// False once the document has an error: a loop writing many values may stop there. (A sink that fails reports it
  /// at the end, when the build returns; a byte_writer that knows sooner can say so to the loop itself.)
  bool ok() const noexcept { return w_.ok(); }

 protected:
  /// Made only on a writer with no error yet: a scope opened after one does not call its callback (build_value).
  explicit builder_base(W& w) noexcept : w_(w) {
#if PRISM_WRITER_CHECKS >= 2
    level_ = w.depth();
#endif
  }

  /// Debug builds (PRISM_WRITER_CHECKS 2) catch a builder used while a scope opened inside it is still open: an outer
  /// builder captured by an inner callback would write into the inner object or array. Release builds check nothing
  /// here: after an error the writer's output no longer matters, so the calls go on rather than test for it.
  [[gnu::always_inline]] bool in_scope() {
#if PRISM_WRITER_CHECKS >= 2
    if (w_.depth() != level_) [[unlikely]] {
      w_.fail(error_code::misuse, "a builder used while an object or array opened inside it is still open");
      return false;
    }
#endif
    return true;
  }

  /// After a member or element holding a T was written through view V: where that made the document's first error,
  /// puts its key (or index) in front of the error's path. Integers and booleans cannot fail: no check. (A check
  /// after the write rather than a lambda around it, which stayed out of line and cost 10% of writing the jsonsink
  /// document.)
  template <class V = View, class T = void>
  [[gnu::always_inline]] void written(std::string_view key) {
    if constexpr (!cannot_fail<V, T>) {
      if (!w_.ok() && !noted_) [[unlikely]]  // else noted already
        noted_ = note_key(w_, key);
    }
  }
  template <class V = View, class T = void>
  [[gnu::always_inline]] void written(std::size_t index) {
    if constexpr (!cannot_fail<V, T>) {
      if (!w_.ok() && !noted_) [[unlikely]]
        noted_ = note_index(w_, index);
    }
  }
  /// Put a key or index in front of the error's path. Static, as is misuse's: no call is given a builder's address,
  /// so its state can stay in registers from one put to the next; and the key goes by value, so that no put stores
  /// it in memory for a call it almost never makes.
  [[gnu::cold, gnu::noinline]] static bool note_key(W& w, std::string_view key) {
    prism::detail::prepend_path(w.error_path(), ".", key);
    return true;
  }
  [[gnu::cold, gnu::noinline]] static bool note_index(W& w, std::size_t index) {
    prism::detail::prepend_path(w.error_path(), "[", std::to_string(index), "]");
    return true;
  }
  /// An error of this builder's own: its path ends here, not at a member written after it.
  void misuse(std::string what) { noted_ |= fail_misuse(w_, std::move(what)); }
  [[gnu::cold, gnu::noinline]] static bool fail_misuse(W& w, std::string what) {
    if (!w.ok()) return false;
    w.fail(error_code::misuse, std::move(what));
    return true;
  }
  template <class V, class T>
  static constexpr bool cannot_fail =
      (kind_of<T> == kind::integer || kind_of<T> == kind::boolean) && treatment_of<V, T> == treatment::usual;

  /// Writes `value` through the writer's own calls as view V has it (a range no type describes: as an array).
  template <class V, class T>
  void write_as(const T& value) {
    if constexpr (plain_range<T>) {
      w_.begin_array();
      array_builder<W, V> a(w_);
      for (const auto& e : value) a.value(e);
      w_.end_array();
    } else {
      detail::write_value<V>(w_, value);
    }
  }

  /// A value at cursor c, as the member or element `at` (a key or an index) of this builder, noted in the error's
  /// path where it fails: a number or boolean inline (a double's conversion by a call to write_double, as a
  /// record's members have it: inlined into every put, it wrote the jsonsink document 5% slower), in the room the
  /// caller `reserved` for it (detail::member_value_room) or checked here; anything else as a record's member is.
  /// A finite double cannot fail: only the non-finite path checks.
  template <class V, class T, class At>
  [[gnu::always_inline]] typename W::cursor value_at(typename W::cursor c, const T& value, bool reserved, At at) {
    constexpr bool usual = treatment_of<V, T> == treatment::usual;
    if constexpr (usual && (kind_of<T> == kind::integer || kind_of<T> == kind::boolean)) {
      if (!reserved) c = w_.room(c, detail::scalar_room<T>);
      c.pos = detail::put_scalar(c.pos, value);
      return c;
    } else if constexpr (usual && kind_of<T> == kind::floating) {
      if (std::isfinite(value)) [[likely]] {
        if (!reserved) c = w_.room(c, detail::scalar_room<T>);
        c.pos = detail::put_scalar(c.pos, value);
        return c;
      }
      c = nonfinite_at<V>(w_, c, value);
      written(at);
      return c;
    }
    c = detail::put_member_value<V>(w_, c, value);
    this->template written<V, T>(at);
    return c;
  }
  /// A non-finite number (null or an error, by option), out of line: a put stays small enough for the compiler to
  /// inline the callback it is called from.
  template <class V, class T>
  [[gnu::cold, gnu::noinline]] static typename W::cursor nonfinite_at(W& w, typename W::cursor c, const T& value) {
    return detail::put_member_value<V>(w, c, value);
  }

  W& w_;
#if PRISM_WRITER_CHECKS >= 2
  std::size_t level_;  ///< the writer's depth inside this builder's object or array
#endif
  /// The comma's length before the next member or element: 0 in an empty object or array, 1 after (compact output
  /// writes its own commas). A word rather than a flag: added to the cursor as it is, with no test or conversion.
  std::size_t comma_ = 0;
  bool noted_ = false;  ///< this builder's segment is in the error's path
};
}  // namespace detail

/// The members of one JSON object, written in the order of the calls. Made by build_object(), object() and objects():
///   prism::json::build_object(out, [&](auto& o) {
///     o.put("title", post.title);
///     o.object("author", [&](auto& a) { a.put("name", post.author.name); });
///     o.array("tags", post.tags, [&](auto& a, const std::string& tag) { a.value(tag); });
///   });
/// Keys are any text (escaped as needed); values anything the typed writer takes, through the builder's view.
/// Nothing here allocates. After an error (a non-finite number, invalid UTF-8, misuse) the calls still run but what
/// they write no longer matters, and objects and arrays opened after it do not call their callbacks: the build
/// returns the first error, with its path; ok() lets a long loop stop.
template <class W, class View = default_view>
class object_builder : detail::builder_base<W, View> {
  using base = detail::builder_base<W, View>;
  using base::comma_;
  using base::in_scope;
  using base::misuse;
  using base::written;
  using base::w_;
  template <class, class>
  friend class array_builder;

 public:
  explicit object_builder(W& w) noexcept : base(w) {}
  using base::ok;

  /// A member: `key` and `value`.
  template <class T>
  [[gnu::always_inline]] object_builder& put(std::string_view key, const T& value) {
    if (!in_scope()) return *this;
    member_as<View>(key, value);
    return *this;
  }
  /// A member whose value is written through `view` (a view type, or a prism::one_of chosen at run time).
  template <class T, view_choice V>
  object_builder& put(std::string_view key, const T& value, const V& view) {
    if (!in_scope()) return *this;
    visit_view(view, [&]<class Chosen>(Chosen) { member_as<Chosen>(key, value); });
    return *this;
  }
  /// put, when `condition` holds.
  template <class T>
  object_builder& put_if(bool condition, std::string_view key, const T& value) {
    return condition ? put(key, value) : *this;
  }
  /// put, unless `value` is null (an empty optional, a null pointer or C string).
  template <class T>
  object_builder& put_unless_null(std::string_view key, const T& value) {
    static_assert(prism::detail::may_be_null<T>, "prism: put_unless_null takes optionals, pointers and C strings");
    return prism::detail::is_null(value) ? *this : put(key, value);
  }
  /// put, unless `value` is null or empty (a string, byte string, sequence or map with no elements).
  template <class T>
  object_builder& put_unless_empty(std::string_view key, const T& value) {
    static_assert(prism::detail::may_be_empty<T>,
                  "prism: put_unless_empty takes optionals, pointers, strings, byte strings, sequences and maps");
    return prism::detail::is_empty_value(value) ? *this : put(key, value);
  }

  /// A member holding an object whose members f(object_builder&) writes.
  template <class F>
  object_builder& object(std::string_view key, F&& f) {
    if (!in_scope()) return *this;
    open_member<true>(key, std::forward<F>(f));
    written(key);
    return *this;
  }
  /// A member holding an array whose elements f(array_builder&) writes.
  template <class F>
  object_builder& array(std::string_view key, F&& f) {
    if (!in_scope()) return *this;
    open_member<false>(key, std::forward<F>(f));
    written(key);
    return *this;
  }
  /// A member holding an array over `range`: f(array_builder&, element) writes what each element becomes (any
  /// number of values); f(array_builder&, element, index) is given its index too.
  template <std::ranges::input_range R, class F>
  object_builder& array(std::string_view key, R&& range, F&& f) {
    return array(key, [&](array_builder<W, View>& a) { a.template each<false>(range, f); });
  }
  /// A member holding an array of one object per element of `range`, whose members f(object_builder&, element)
  /// writes (or f(object_builder&, element, index)).
  template <std::ranges::input_range R, class F>
  object_builder& objects(std::string_view key, R&& range, F&& f) {
    return array(key, [&](array_builder<W, View>& a) { a.template each<true>(range, f); });
  }

  /// Members for the fields of record `record` named (as declared or described, before any naming policy) in
  /// `fields`, in that order, each under the key the builder's view gives it, or under the key of its own when
  /// given as prism::rename("created_at", "post_date"). The view's rules apply: a field it leaves out, or names
  /// no field, is an error (misuse).
  ///   o.put_fields(post, "title", "body", prism::rename("created_at", "post_date"));
  template <class T, class... Field>
  object_builder& put_fields(const T& record, const Field&... fields) {
    return (put_field(record, fields, keep_all) && ...), *this;
  }
  /// put_fields, leaving out the fields that hold null (see put_unless_null).
  template <class T, class... Field>
  object_builder& put_fields_unless_null(const T& record, const Field&... fields) {
    return (put_field(record, fields, skip_null) && ...), *this;
  }
  /// put_fields, leaving out the fields that hold null or nothing (see put_unless_empty).
  template <class T, class... Field>
  object_builder& put_fields_unless_empty(const T& record, const Field&... fields) {
    return (put_field(record, fields, skip_empty) && ...), *this;
  }

  /// Not here: an object holds members, each with its key (put).
  template <class... A>
  void value(A&&...) {
    static_assert(detail::never<A...>, "prism: a value where a key belongs: an object's members are put(key, value)");
  }

 private:
  enum skip_rule { keep_all, skip_null, skip_empty };

  /// The separator and key of a member at cursor c (compact output), with room for `value_room` bytes after it
  /// where one check can cover both (then `reserved`: for a key written as a literal, known as the code is compiled).
  [[gnu::always_inline]] typename W::cursor key_at(typename W::cursor c, std::string_view key, std::size_t value_room,
                                                   bool& reserved) {
    constexpr std::size_t short_key = io::min_window - 16;
    reserved = false;
    if (key.size() <= short_key && plain_text(key)) [[likely]] {  // one check for room, one copy
      const std::size_t n = key.size() + 4;
      reserved = n + value_room <= io::min_window;
      c = w_.room(c, n + (reserved ? value_room : 0));
      *c.pos = ',';
      c.pos += comma_;
      *c.pos = '"';
      copy_short(c.pos + 1, key.data(), key.size());
      c.pos += key.size() + 1;
      std::memcpy(c.pos, "\":", 2);
      c.pos += 2;
    } else {
      c = w_.room(c, 1);
      *c.pos = ',';
      c.pos += comma_;
      c = w_.put_string(c, key);
      c = w_.room(c, 1);
      *c.pos++ = ':';
    }
    comma_ = 1;
    return c;
  }

  /// put_field's member for declared field I of record, holding `value`.
  template <std::size_t I, class T, class V>
  void put_declared(const T& record, const V& value, std::string_view name, std::string_view key, skip_rule rule) {
    using L = view_record<View, T>;
    constexpr std::size_t s = L::slot_of(I);
    if constexpr (s == L::npos) {
      misuse("put_fields: field \"" + std::string(name) + "\" is left out of this view");
    } else {
      if constexpr (prism::detail::may_be_null<V>) {
        if (rule == skip_null && prism::detail::is_null(value)) return;
      }
      if (rule == skip_empty && prism::detail::is_empty_value(value)) return;
      if (detail::left_out<View, T, s>(w_, record, value)) return;
      if (key.empty()) key = detail::field_key<View, T, s>::name;
      if constexpr (constexpr std::size_t k = L::represent_modifier(s); k != L::npos) {
        write_key(key);
        detail::write_represented<View>(w_, std::get<k>(L::entry.list).rep, value);
        written(key);
      } else {
        member_as<View>(key, value);
      }
    }
  }

  /// n <= 48 bytes from s to d, inline: by overlapping fixed-size copies rather than a call to memcpy.
  [[gnu::always_inline]] static void copy_short(char* d, const char* s, std::size_t n) noexcept {
    if (n >= 16) {
      std::memcpy(d, s, 16);
      if (n > 32) std::memcpy(d + 16, s + 16, 16);
      std::memcpy(d + n - 16, s + n - 16, 16);
    } else if (n >= 8) {
      std::memcpy(d, s, 8);
      std::memcpy(d + n - 8, s + n - 8, 8);
    } else if (n >= 4) {
      std::memcpy(d, s, 4);
      std::memcpy(d + n - 4, s + n - 4, 4);
    } else if (n != 0) {
      d[0] = s[0];
      d[n / 2] = s[n / 2];
      d[n - 1] = s[n - 1];
    }
  }

  /// Whether key needs no escape: printable ASCII but '"' and '\\' (escape_non_ascii aside, as UTF-8 is checked).
  [[gnu::always_inline]] static bool plain_text(std::string_view key) noexcept {
    bool plain = true;
    for (char ch : key) {
      const auto u = static_cast<unsigned char>(ch);
      plain &= u >= 0x20 && u < 0x80 && u != '"' && u != '\\';
    }
    return plain;
  }

  /// A member through view V: compact, its key and (when the typed writer's cursor takes it) value in one go.
  template <class V, class T>
  [[gnu::always_inline]] void member_as(std::string_view key, const T& value) {
    if constexpr (W::pretty || detail::plain_range<T>) {
      write_key(key);
      base::template write_as<V>(value);
      this->template written<V, T>(key);
    } else {
      bool reserved;
      typename W::cursor c = key_at(w_.tokens(), key, detail::member_value_room<V, T>(), reserved);
      w_.end_tokens(base::template value_at<V>(c, value, reserved, key));
    }
  }

  /// The key of a member whose value the writer's own calls write next.
  void write_key(std::string_view key) {
    if constexpr (W::pretty) {
      w_.key(key);
    } else {
      bool reserved;
      w_.end_tokens_before_value(key_at(w_.tokens(), key, 0, reserved));
    }
  }

  template <bool Object, class F>
  void open_member(std::string_view key, F&& f) {
    if constexpr (W::pretty) {
      write_key(key);
      detail::build_value<View, Object>(w_, std::forward<F>(f));
    } else {  // the key and the bracket in one go
      bool reserved;
      typename W::cursor c = key_at(w_.tokens(), key, 1, reserved);
      if (!reserved) c = w_.room(c, 1);
      *c.pos++ = Object ? '{' : '[';
      w_.end_tokens(c);
      detail::build_nested<View, Object>(w_, std::forward<F>(f));
    }
  }

  template <class T, class Field>
  bool put_field(const T& record, const Field& field, skip_rule rule) {
    static_assert(kind_of<T> == kind::record, "prism: put_fields takes a record (a described type)");
    if (!in_scope()) return false;
    std::string_view name, key;
    if constexpr (std::is_same_v<Field, rename_t>) name = field.field, key = field.name;
    else name = std::string_view(field);
    bool found = false;
    for_each_field(record, [&](auto index, const auto& value) {
      if (view_record<View, T>::declared_names[decltype(index)::value] != name) return true;
      found = true;
      this->template put_declared<decltype(index)::value>(record, value, name, key, rule);
      return false;
    });
    if (!found) misuse("put_fields: no field named \"" + std::string(name) + "\"");
    return w_.ok();
  }
};

/// The elements of one JSON array, written in the order of the calls. Made by build_array() and array().
///   o.array("matrix", [&](auto& a) {
///     a.value("one").value(2);
///     a.object([&](auto& e) { e.put("label", "three"); });
///     a.array([&](auto& row) { row.values(std::views::iota(1, 4)); });
///   });
template <class W, class View = default_view>
class array_builder : detail::builder_base<W, View> {
  using base = detail::builder_base<W, View>;
  using base::comma_;
  using base::in_scope;
  using base::misuse;
  using base::written;
  using base::w_;
  template <class, class>
  friend class object_builder;
  template <class, class>
  friend class detail::builder_base;

 public:
  explicit array_builder(W& w) noexcept : base(w) {}
  using base::ok;

  /// An element.
  template <class T>
  array_builder& value(const T& v) {
    if (!in_scope()) return *this;
    element(v);
    ++index_;
    return *this;
  }
  /// An element written through `view`.
  template <class T, view_choice V>
  array_builder& value(const T& v, const V& view) {
    if (!in_scope()) return *this;
    before_value();
    visit_view(view, [&]<class Chosen>(Chosen) { this->template write_as<Chosen>(v); });
    written(index_++);
    return *this;
  }
  /// An element for each element of `range`.
  template <std::ranges::input_range R>
  array_builder& values(R&& range) {
    for (const auto& e : range) value(e);
    return *this;
  }
  /// An element holding an object whose members f(object_builder&) writes.
  template <class F>
  array_builder& object(F&& f) {
    return open<true>(std::forward<F>(f));
  }
  /// An element holding an array whose elements f(array_builder&) writes.
  template <class F>
  array_builder& array(F&& f) {
    return open<false>(std::forward<F>(f));
  }
  /// An element holding an array over `range` (see object_builder::array).
  template <std::ranges::input_range R, class F>
  array_builder& array(R&& range, F&& f) {
    return array([&](array_builder& a) { a.template each<false>(range, f); });
  }
  /// An object for each element of `range`, whose members f(object_builder&, element[, index]) writes.
  template <std::ranges::input_range R, class F>
  array_builder& objects(R&& range, F&& f) {
    return each<true>(range, f);
  }

  /// Not here: an array holds elements, with no keys (value).
  template <class... A>
  void put(A&&...) {
    static_assert(detail::never<A...>, "prism: a key inside an array: an array's elements are value(v), object(f), array(f)");
  }

 private:
  template <class T>
  void element(const T& v) {
    if constexpr (W::pretty || detail::plain_range<T>) {
      before_value();
      base::template write_as<View>(v);
      this->template written<View, T>(index_);
    } else {
      typename W::cursor c = w_.room(w_.tokens(), 1 + detail::member_value_room<View, T>());
      *c.pos = ',';
      c.pos += comma_;
      comma_ = 1;
      w_.end_tokens(base::template value_at<View>(c, v, true, index_));
    }
  }

  /// Compact output: the comma before an element that the writer's own calls write next.
  void before_value() {
    if constexpr (!W::pretty) {
      typename W::cursor c = w_.room(w_.tokens(), 1);
      *c.pos = ',';
      c.pos += comma_;
      comma_ = 1;
      w_.end_tokens_before_value(c);
    }
  }

  template <bool Object, class F>
  array_builder& open(F&& f) {
    if (!in_scope()) return *this;
    if constexpr (W::pretty) {
      detail::build_value<View, Object>(w_, std::forward<F>(f));
    } else {  // the comma and the bracket in one go
      typename W::cursor c = w_.room(w_.tokens(), 2);
      *c.pos = ',';
      c.pos += comma_;
      comma_ = 1;
      *c.pos++ = Object ? '{' : '[';
      w_.end_tokens(c);
      detail::build_nested<View, Object>(w_, std::forward<F>(f));
    }
    written(index_++);
    return *this;
  }

  /// f(target, element) or f(target, element, index) for each element of range, where the target is this array, or
  /// (AsObject) an object of its own in it.
  template <bool AsObject, class R, class F>
  array_builder& each(R&& range, F& f) {
    std::size_t i = 0;
    for (auto&& e : range) {
      auto call = [&](auto& target) {
        if constexpr (std::is_invocable_v<F&, decltype(target), decltype(e), std::size_t>) f(target, e, i);
        else f(target, e);
      };
      if constexpr (AsObject) object(call);
      else call(*this);
      ++i;
    }
    return *this;
  }

  std::size_t index_ = 0;  ///< elements written, for error paths
};

namespace detail {
/// f(builder) for an object (Object) or array just opened, unless the writer has failed: after an error nothing
/// written matters, so a scope opened after it (or past max_depth) calls nothing, and a recursive callback stops.
template <class V, bool Object, class W, class F>
void build_scope(W& w, F&& f) {
  if (!w.ok()) [[unlikely]]
    return;
  std::conditional_t<Object, object_builder<W, V>, array_builder<W, V>> b(w);
  std::forward<F>(f)(b);
}

template <class V, bool Object, class W, class F>
void build_value(W& w, F&& f) {
  if constexpr (Object) w.begin_object();
  else w.begin_array();
  build_scope<V, Object>(w, std::forward<F>(f));
  if constexpr (Object) w.end_object();
  else w.end_array();
}

template <class V, bool Object, class W, class F>
void build_nested(W& w, F&& f) {
  w.enter(Object);
  build_scope<V, Object>(w, std::forward<F>(f));
  w.leave();
  typename W::cursor c = w.room(w.tokens(), 1);
  *c.pos++ = Object ? '}' : ']';
  w.end_tokens(c);
}

template <class V, bool Object, class Out, class F>
result<std::size_t> build_in(Out& out, const write_options& opts, F&& f) {
  auto&& sink = io::make_sink(out);
  using Sink = std::remove_cvref_t<decltype(sink)>;
  if (opts.indent > 0) {
    writer<Sink, true> w(sink, opts);
    build_value<V, Object>(w, f);
    return w.finish();
  }
  writer<Sink, false> w(sink, opts);
  build_value<V, Object>(w, f);
  return w.finish();
}
}  // namespace detail

/// Writes a JSON object into `out` (anything json::write takes), its members written by f(object_builder&), typed
/// values through `view` (a view type, or a prism::one_of chosen at run time). Returns the bytes written or the first
/// error, with its path. f is called once per view, so a generic lambda (auto&) fits every builder type:
///   std::string body;
///   prism::json::build_object(body, api, [&](auto& o) { o.put("id", 7).put_fields(user, "name", "email"); });
template <class Out, view_choice View, class F>
  requires(!detail::is_writer<std::remove_cvref_t<Out>>)
result<std::size_t> build_object(Out&& out, const View& view, F&& f, const write_options& opts = {}) {
  return visit_view(view, [&]<class V>(V) { return detail::build_in<V, true>(out, opts, f); });
}
/// build_object through the types' own descriptions (the default view).
template <class Out, class F>
  requires(!detail::is_writer<std::remove_cvref_t<Out>>)
result<std::size_t> build_object(Out&& out, F&& f, const write_options& opts = {}) {
  return build_object(out, default_view{}, f, opts);
}
/// Writes a JSON array into `out`, its elements written by f(array_builder&): see build_object.
template <class Out, view_choice View, class F>
  requires(!detail::is_writer<std::remove_cvref_t<Out>>)
result<std::size_t> build_array(Out&& out, const View& view, F&& f, const write_options& opts = {}) {
  return visit_view(view, [&]<class V>(V) { return detail::build_in<V, false>(out, opts, f); });
}
/// build_array through the default view.
template <class Out, class F>
  requires(!detail::is_writer<std::remove_cvref_t<Out>>)
result<std::size_t> build_array(Out&& out, F&& f, const write_options& opts = {}) {
  return build_array(out, default_view{}, f, opts);
}

/// An object written by f(object_builder&) at the current position of a low-level writer, to mix built parts into
/// a document written token by token. Errors stay in the writer for finish().
template <class Sink, bool Pretty, class F, view_choice View = default_view>
void build_object(writer<Sink, Pretty>& w, F&& f, const View& view = {}) {
  visit_view(view, [&]<class V>(V) { detail::build_value<V, true>(w, f); });
}
/// An array written by f(array_builder&) at the current position of a low-level writer.
template <class Sink, bool Pretty, class F, view_choice View = default_view>
void build_array(writer<Sink, Pretty>& w, F&& f, const View& view = {}) {
  visit_view(view, [&]<class V>(V) { detail::build_value<V, false>(w, f); });
}

}  // namespace prism::json
