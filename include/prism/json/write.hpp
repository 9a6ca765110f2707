// prism: typed JSON writing. Walks a value by its kind (core/kind.hpp) and drives json::writer.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <initializer_list>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>

#include "../core/kind.hpp"
#include "../core/result.hpp"
#include "../core/view.hpp"
#include "../io/sink.hpp"
#include "detail/names.hpp"
#include "detail/parse.hpp"
#include "options.hpp"
#include "raw.hpp"
#include "value.hpp"
#include "writer.hpp"

namespace prism::json {

namespace detail {

template <class W>
void write_timestamp_fields(W& w, std::chrono::sys_seconds secs, std::uint64_t fraction, int fraction_digits) {
  using namespace std::chrono;
  auto day = floor<days>(secs);
  year_month_day ymd{day};
  hh_mm_ss<seconds> hms{secs - day};
  int y = static_cast<int>(ymd.year());
  if (y < 0 || y > 9999) return w.fail(error_code::out_of_range);
  char buf[40];
  auto two = [](char* p, unsigned v) {
    p[0] = static_cast<char>('0' + v / 10);
    p[1] = static_cast<char>('0' + v % 10);
  };
  two(buf, static_cast<unsigned>(y / 100));
  two(buf + 2, static_cast<unsigned>(y % 100));
  buf[4] = '-';
  two(buf + 5, static_cast<unsigned>(ymd.month()));
  buf[7] = '-';
  two(buf + 8, static_cast<unsigned>(ymd.day()));
  buf[10] = 'T';
  two(buf + 11, static_cast<unsigned>(hms.hours().count()));
  buf[13] = ':';
  two(buf + 14, static_cast<unsigned>(hms.minutes().count()));
  buf[16] = ':';
  two(buf + 17, static_cast<unsigned>(hms.seconds().count()));
  char* p = buf + 19;
  if (fraction != 0) {
    *p++ = '.';
    for (int i = fraction_digits - 1; i >= 0; --i) {
      p[i] = static_cast<char>('0' + fraction % 10);
      fraction /= 10;
    }
    p += fraction_digits;
    while (p[-1] == '0') --p;  // shortest: 12:00:00.5Z, not .500000000
  }
  *p++ = 'Z';
  w.begin_string();
  w.string_chunk_raw(buf, static_cast<std::size_t>(p - buf));
  w.end_string();
}

template <class W>
void write_base64(W& w, std::span<const std::byte> b) {
  static constexpr char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  w.begin_string();
  auto in = reinterpret_cast<const unsigned char*>(b.data());
  std::size_t n = b.size();
  while (n >= 3) {
    std::size_t groups = std::min<std::size_t>(n / 3, io::min_window / 4);  // one window's worth per step
    char* out = w.reserve(groups * 4);
    for (std::size_t g = 0; g < groups; ++g, in += 3, out += 4) {
      unsigned v = (unsigned{in[0]} << 16) | (unsigned{in[1]} << 8) | in[2];
      out[0] = alphabet[v >> 18];
      out[1] = alphabet[(v >> 12) & 63];
      out[2] = alphabet[(v >> 6) & 63];
      out[3] = alphabet[v & 63];
    }
    w.commit(out);
    n -= groups * 3;
  }
  if (n != 0) {
    char* out = w.reserve(4);
    unsigned v = (unsigned{in[0]} << 16) | (n == 2 ? unsigned{in[1]} << 8 : 0u);
    out[0] = alphabet[v >> 18];
    out[1] = alphabet[(v >> 12) & 63];
    out[2] = n == 2 ? alphabet[(v >> 6) & 63] : '=';
    out[3] = '=';
    w.commit(out + 4);
  }
  w.end_string();
}

template <class View, class W, class T>
void write_value(W& w, const T& v);

// ---- values of a fixed shape, written token after token through one cursor --------------------------------------
//
// A value is flat when its JSON has no optional parts, no text of unbounded length and nothing chosen at run time
// but the digits of its numbers: booleans, numbers and nulls, and records, tuples and std::arrays of flat values.
// Their separators and keys are known ahead, so the typed writer writes them through one writer::cursor, checking
// room in registers, with no per-token separator state. Sequences of flat elements (a vector of points) take the
// same path, element after element. The text is the same as token by token; only the bookkeeping differs.

template <class View, class T>
consteval int flat_depth();

/// The type of a sequence's elements.
template <class T>
using element_of = std::remove_cvref_t<decltype(*std::begin(std::declval<const T&>()))>;

/// Whether slot S of record T (field type F) is always written as a plain key and value in View.
template <class View, class T, std::size_t S, class F>
consteval bool plain_slot() {
  using L = view_record<View, T>;
  using R = std::remove_cvref_t<decltype(prism::detail::omit_rule<View, T, S>())>;
  constexpr bool kept = std::is_same_v<R, never_t> || std::is_same_v<R, when_null_t> || std::is_same_v<R, when_empty_t>;
  using key = field_key<View, T, S>;
  return kept && !may_be_null<F> && L::represent_modifier(S) == L::npos && key::ascii && key::size <= 32;
}

/// The nesting of a container of parts nested as deep as `parts` (-1: a part is not flat).
consteval int nest(std::initializer_list<int> parts) {
  int depth = 0;
  for (int d : parts) depth = d < 0 || depth < 0 ? -1 : std::max(depth, d);
  return depth < 0 ? -1 : depth + 1;
}

/// The nesting a flat value adds (0 for a number), or -1 when T is not flat in View.
template <class View, class T>
consteval int flat_depth() {
  constexpr kind k = kind_of<T>;
  if constexpr (treatment_of<View, T> == treatment::default_view) {
    return flat_depth<default_view, T>();
  } else if constexpr (treatment_of<View, T> == treatment::represented) {
    return -1;
  } else if constexpr (k == kind::null || k == kind::boolean || k == kind::integer || k == kind::floating) {
    return 0;
  } else if constexpr (k == kind::sequence && prism::detail::fixed_extent<T> != std::size_t(-1)) {
    return nest({flat_depth<View, element_of<T>>()});
  } else if constexpr (k == kind::tuple) {
    return []<std::size_t... I>(std::index_sequence<I...>) {
      return nest({0, flat_depth<View, std::tuple_element_t<I, T>>()...});
    }(std::make_index_sequence<std::tuple_size_v<T>>{});
  } else if constexpr (k == kind::record) {
    using L = view_record<View, T>;
    if constexpr (L::size != L::kept) {  // fields the view computes
      return -1;
    } else {
      return []<std::size_t... S>(std::index_sequence<S...>) {
        return nest({0, (plain_slot<View, T, S, field_type_of<T, L::source[S]>>()
                             ? flat_depth<View, field_type_of<T, L::source[S]>>()
                             : -1)...});
      }(std::make_index_sequence<L::size>{});
    }
  } else {
    return -1;
  }
}

/// The room a flat scalar's text needs (write_integer and write_double use theirs as scratch).
template <class T>
constexpr std::size_t scalar_room = kind_of<T> == kind::floating ? (sizeof(T) == 4 ? max_float_chars : max_double_chars)
                                  : kind_of<T> == kind::integer ? max_integer_chars
                                                                : 5;  // true, false, null

/// The most a short array of numbers, booleans or nulls takes with its comma before it ([1.5,2] in 1 + 1 + 25 + 25 + 1
/// bytes), when that fits one room check (io::min_window); else 0.
template <class T>
consteval std::size_t short_scalar_array_room() {
  if constexpr (prism::detail::fixed_extent<T> > 4) {
    return 0;
  } else {
    using E = element_of<T>;
    constexpr kind e = kind_of<E>;
    if constexpr (e != kind::null && e != kind::boolean && e != kind::integer && e != kind::floating) {
      return 0;
    } else {
      constexpr std::size_t room = 3 + prism::detail::fixed_extent<T> * (1 + scalar_room<E>);
      return room <= io::min_window ? room : 0;
    }
  }
}

/// Calls f(value) for each field, element or member of flat v, in order.
template <class View, class T, class F>
void for_each_flat_part(const T& v, F&& f) {
  constexpr kind k = kind_of<T>;
  if constexpr (k == kind::record) {
    using L = view_record<View, T>;
    [&]<std::size_t... S>(std::index_sequence<S...>) {
      (f(get_field<L::source[S]>(v)), ...);
    }(std::make_index_sequence<L::size>{});
  } else if constexpr (k == kind::tuple) {
    std::apply([&](const auto&... e) { (f(e), ...); }, v);
  } else {
    for (const auto& e : v) f(e);
  }
}

/// Bit 63 set where a number in flat v is not finite (see all_finite): of each number, its exponent bits plus one in
/// their lowest place, which carries into bit 63 only from all ones (infinity, NaN), or'ed together. Bit operations
/// rather than a bool per number, so that the compiler can take a sequence several numbers at a time.
template <class View, class T>
std::uint64_t nonfinite_bits(const T& v) {
  constexpr kind k = kind_of<T>;
  if constexpr (treatment_of<View, T> == treatment::default_view) {
    return nonfinite_bits<default_view>(v);
  } else if constexpr (k == kind::floating) {
    if constexpr (sizeof(T) == 8 && std::numeric_limits<T>::is_iec559) {
      return (std::bit_cast<std::uint64_t>(v) & 0x7FF0000000000000) + 0x0010000000000000;
    } else if constexpr (sizeof(T) == 4 && std::numeric_limits<T>::is_iec559) {
      return std::uint64_t{(std::bit_cast<std::uint32_t>(v) & 0x7F800000u) + 0x00800000u} << 32;
    } else {
      return std::uint64_t{!std::isfinite(v)} << 63;
    }
  } else if constexpr (k == kind::record || k == kind::tuple || k == kind::sequence) {
    std::uint64_t bits = 0;
    for_each_flat_part<View>(v, [&](const auto& part) { bits |= nonfinite_bits<View>(part); });
    return bits;
  } else {
    return 0;
  }
}

/// Whether every number in flat v is finite: the one thing about a flat value known only at run time that the token
/// path handles (as null or as an error, by option).
template <class View, class T>
bool all_finite(const T& v) {
  return (nonfinite_bits<View>(v) >> 63) == 0;
}

/// A flat number, boolean or null at p, in the room scalar_room gives it. Inline: a number's conversion inlined (see
/// write_double), as a sequence's loop wants it.
template <bool Inline = false, class T>
[[gnu::always_inline]] inline char* put_scalar(char* p, const T& v) {
  constexpr kind k = kind_of<T>;
  if constexpr (k == kind::floating && sizeof(T) == 4) {  // finite (see write_flat)
    if constexpr (Inline) return write_float_inline(p, v);
    else return write_float(p, v);
  } else if constexpr (k == kind::floating) {
    if constexpr (Inline) return write_double_inline(p, v);
    else return write_double(p, v);
  } else if constexpr (k == kind::integer) {
    return write_integer(p, v);
  } else if constexpr (k == kind::boolean) {
    std::memcpy(p, v ? "true" : "false", 5);
    return p + 5 - v;
  } else {
    std::memcpy(p, "null", 4);
    return p + 4;
  }
}

template <class View, class T, std::size_t S, class W, class V>
typename W::cursor put_flat_field(W& w, typename W::cursor c, const V& value);

template <class View, class W, class T>
[[gnu::always_inline]] inline typename W::cursor put_flat(W& w, typename W::cursor c, const T& v, bool comma);

/// The elements of flat sequence v, comma-separated, in a loop that holds all of an element's code (numbers among
/// it, see write_double); not through a lambda, which g++ may leave out of line.
template <class View, class W, class T>
[[gnu::always_inline]] inline typename W::cursor put_flat_elements(W& w, typename W::cursor c, const T& v) {
  bool later = false;
  for (const auto& e : v) {
    c = put_flat<View>(w, c, e, later);
    later = true;
  }
  return c;
}

/// The same as a function of its own: one per sequence type, for any sequence but a short one of fixed size.
template <class View, class W, class T>
[[gnu::noinline]] typename W::cursor put_flat_elements_call(W& w, typename W::cursor c, const T& v) {
  return put_flat_elements<View>(w, c, v);
}

/// Writes flat v, or a sequence of flat elements, at cursor c, after a comma when `comma`; its numbers are finite.
/// Inlined into its caller, so that a sequence's loop holds all of an element's code, a coordinate pair's too.
template <class View, class W, class T>
[[gnu::always_inline]] inline typename W::cursor put_flat(W& w, typename W::cursor c, const T& v, bool comma) {
  constexpr kind k = kind_of<T>;
  if constexpr (treatment_of<View, T> == treatment::default_view) {
    return put_flat<default_view>(w, c, v, comma);
  } else if constexpr (k == kind::sequence && short_scalar_array_room<T>() != 0) {
    // A coordinate pair: one room check for the whole array rather than one per token.
    c = w.room(c, short_scalar_array_room<T>());
    *c.pos = ',';
    c.pos += comma;
    *c.pos++ = '[';
    bool later = false;
#pragma GCC unroll 4
    for (const auto& e : v) {
      *c.pos = ',';
      c.pos += later;
      c.pos = put_scalar<true>(c.pos, e);
      later = true;
    }
    *c.pos++ = ']';
    return c;
  } else if constexpr (k == kind::record || k == kind::tuple || k == kind::sequence) {
    constexpr char open = k == kind::record ? '{' : '[';
    c = w.room(c, 2);
    *c.pos = ',';
    c.pos += comma;
    *c.pos++ = open;
    if constexpr (k == kind::record) {
      using L = view_record<View, T>;
      [&]<std::size_t... S>(std::index_sequence<S...>) {
        ((c = put_flat_field<View, T, S>(w, c, get_field<L::source[S]>(v))), ...);
      }(std::make_index_sequence<L::size>{});
    } else if constexpr (k == kind::sequence) {
      if constexpr (prism::detail::fixed_extent<T> <= 4) c = put_flat_elements<View>(w, c, v);
      else c = put_flat_elements_call<View>(w, c, v);
    } else {
      bool later = false;
      for_each_flat_part<View>(v, [&](const auto& part) {
        c = put_flat<View>(w, c, part, later);
        later = true;
      });
    }
    c = w.room(c, 1);
    *c.pos++ = static_cast<char>(open + 2);  // '}' and ']' follow '{' and '[' by two
    return c;
  } else {
    c = w.room(c, 1 + scalar_room<T>);
    *c.pos = ',';
    c.pos += comma;
    c.pos = put_scalar<true>(c.pos, v);
    return c;
  }
}

/// Slot S of a flat record: comma, key and value, with one room check when the value is a number.
template <class View, class T, std::size_t S, class W, class V>
typename W::cursor put_flat_field(W& w, typename W::cursor c, const V& value) {
  using key = field_key<View, T, S>;
  constexpr bool scalar = flat_depth<View, V>() == 0;
  constexpr std::size_t room = 1 + key::size + (scalar ? scalar_room<V> : 0);
  static_assert(room <= io::min_window);  // plain_slot keeps keys short
  c = w.room(c, room);
  *c.pos = ',';
  c.pos += S != 0;
  std::memcpy(c.pos, key::text.data(), key::size);
  c.pos += key::size;
  if constexpr (scalar) c.pos = put_scalar(c.pos, value);
  else c = put_flat<View>(w, c, value, false);
  return c;
}

/// Whether put_flat may write v here: its numbers are finite and it nests no deeper than the options allow. Else the
/// token path writes it, as null or as an error with its path.
template <class View, class W, class T>
bool flat_fits(const W& w, const T& v) {
  constexpr std::size_t depth = [] {
    if constexpr (flat_depth<View, T>() >= 0) return flat_depth<View, T>();
    else return flat_depth<View, element_of<T>>() + 1;
  }();
  return w.depth() + depth <= w.options().max_depth && all_finite<View>(v);
}

/// Writes flat v (or, for a sequence of flat elements, each element) through one cursor. Returns false, having
/// written nothing, where it does not fit (see flat_fits).
template <class View, class W, class T>
bool write_flat(W& w, const T& v) {
  if (!flat_fits<View>(w, v)) [[unlikely]]
    return false;
  w.end_tokens(put_flat<View>(w, w.begin_tokens(0), v, false));
  return true;
}

/// Whether write_value takes the flat path for T: a flat container or record, or a sequence of flat elements.
template <class View, class W, class T>
consteval bool takes_flat_path() {
  if constexpr (W::pretty || treatment_of<View, T> != treatment::usual) {
    return false;
  } else if constexpr (kind_of<T> == kind::sequence) {
    return flat_depth<View, element_of<T>>() >= 0;
  } else {
    return (kind_of<T> == kind::record || kind_of<T> == kind::tuple) && flat_depth<View, T>() >= 0;
  }
}

/// Writes v as representation `rep` carries it (see core/view.hpp).
template <class View, class W, class Rep, class V>
void write_represented(W& w, const Rep& rep, const V& v) {
  decltype(auto) wire = representation<Rep, V>::to(rep, v);
  if constexpr (prism::detail::is_result<std::remove_cvref_t<decltype(wire)>>) {
    if (!wire) [[unlikely]]
      return w.fail(wire.error().code);
    write_value<View>(w, *wire);
  } else {
    write_value<View>(w, wire);
  }
}

/// Whether slot S of record `obj`, holding `value`, is left out now: null under skip_null_fields, or by View's rule.
template <class View, class T, std::size_t S, class W, class V>
bool left_out(const W& w, const T& obj, const V& value) {
  if constexpr (may_be_null<V>) {  // other fields pay nothing for the option
    if (w.options().skip_null_fields && is_null(value)) return true;
  }
  return prism::detail::omitted_now<View, T, S>(obj, value);
}

/// Writes slot S of record `obj` (holding `value`) as View has it: its key and value, unless omitted.
template <class View, class T, std::size_t S, class W, class V>
bool write_slot(W& w, const T& obj, const V& value) {
  using L = view_record<View, T>;
  if (left_out<View, T, S>(w, obj, value)) return true;
  using key = field_key<View, T, S>;
  if constexpr (!key::ascii) {  // rendered ahead of time as UTF-8: escape_non_ascii needs it at run time
    if (w.options().escape_non_ascii) w.key(key::name);
    else w.key(key::text);
  } else {
    w.key(key::text);
  }
  if constexpr (constexpr std::size_t k = L::represent_modifier(S); k != L::npos)
    write_represented<View>(w, std::get<k>(L::entry.list).rep, value);
  else
    write_value<View>(w, value);
  if (!w.ok()) [[unlikely]] {
    prism::detail::prepend_path(w.error_path(), ".", key::name);
    return false;
  }
  return true;
}

// ---- records and sequences written part after part through one cursor ------------------------------------------
//
// In compact output the members of a record need no separator state: a member's comma is due when one was written
// before it, and its key is known ahead; so with a sequence's elements. Numbers, booleans, nulls and short strings
// are written through a cursor kept in registers; any other value is handed to write_value() right after its key or
// comma, and the cursor taken back. The text is the same as token by token.

/// Whether record T is written through a cursor in View: compact output, and no slot that a view computes, gives a
/// representation of its own or spells its key outside ASCII (escape_non_ascii would need it at run time).
template <class View, class W, class T>
consteval bool takes_member_path() {
  if constexpr (W::pretty || kind_of<T> != kind::record || treatment_of<View, T> != treatment::usual) {
    return false;
  } else {
    using L = view_record<View, T>;
    if constexpr (L::size != L::kept) {
      return false;
    } else {
      return []<std::size_t... S>(std::index_sequence<S...>) {
        return ((L::represent_modifier(S) == L::npos && field_key<View, T, S>::ascii &&
                 field_key<View, T, S>::size < io::min_window) &&
                ...);
      }(std::make_index_sequence<L::size>{});
    }
  }
}

/// The room put_member_value checks for first, so that one check covers a member's key and value.
template <class View, class V>
consteval std::size_t member_value_room() {
  constexpr kind k = kind_of<V>;
  if constexpr (treatment_of<View, V> != treatment::usual) {
    return 0;
  } else if constexpr (k == kind::integer || k == kind::boolean || k == kind::floating) {
    return scalar_room<V>;
  } else if constexpr (k == kind::string) {
    return 2 + 16;  // most strings (see writer::put_string)
  } else if constexpr (k == kind::optional) {
    using inner = std::remove_cvref_t<decltype(*adapter<V>::get(std::declval<const V&>()))>;
    return std::max<std::size_t>(4, member_value_room<View, inner>());
  } else {
    return 0;
  }
}

/// Writes `value` at cursor c, right after its key or comma, and returns the cursor after it. Check w.ok() after a
/// value that is not a number or boolean: strings may be invalid UTF-8, and other values go through write_value().
template <class View, class W, class V>
typename W::cursor put_member_value(W& w, typename W::cursor c, const V& value) {
  constexpr kind k = kind_of<V>;
  constexpr bool usual = treatment_of<View, V> == treatment::usual;  // else written as View says, by write_value
  if constexpr (usual && (k == kind::integer || k == kind::boolean)) {
    c = w.room(c, scalar_room<V>);
    c.pos = put_scalar(c.pos, value);
    return c;
  } else if constexpr (usual && k == kind::floating) {
    if (std::isfinite(value)) [[likely]] {
      c = w.room(c, scalar_room<V>);
      c.pos = put_scalar(c.pos, value);
      return c;
    }
  } else if constexpr (usual && (k == kind::string || k == kind::optional) && !prism::detail::is_json_text<V>) {
    if constexpr (may_be_null<V>) {
      if (is_null(value)) {
        c = w.room(c, 4);
        std::memcpy(c.pos, "null", 4);
        c.pos += 4;
        return c;
      }
    }
    if constexpr (k == kind::string) return w.put_string(c, adapter<V>::view(value));
    else return put_member_value<View>(w, c, *adapter<V>::get(value));
  } else if constexpr (usual && k == kind::sequence && prism::detail::fixed_extent<V> <= 4 &&
                       flat_depth<View, V>() >= 0) {
    // A short flat array (twitter's index pairs) through the cursor too.
    if (flat_fits<View>(w, value)) [[likely]]
      return put_flat<View>(w, c, value, false);
  }
  w.end_tokens_before_value(c);
  write_value<View>(w, value);
  return w.tokens();
}

/// Declared field D of record v as a member at cursor c, unless View leaves it out now. Returns false on error.
/// Always inlined, as is put_members, so that the cursor and `comma` stay in registers whatever the record's size.
template <class View, class T, std::size_t D, class W>
[[gnu::always_inline]] inline bool put_member(W& w, typename W::cursor& c, bool& comma, const T& v) {
  using L = view_record<View, T>;
  constexpr std::size_t s = L::slot_of(D);
  if constexpr (s == L::npos) {
    return true;
  } else {
    decltype(auto) value = get_field<D>(v);
    using V = std::remove_cvref_t<decltype(value)>;
    if (left_out<View, T, s>(w, v, value)) return true;
    using key = field_key<View, T, s>;
    constexpr std::size_t value_room = member_value_room<View, V>();
    c = w.room(c, 1 + key::size + (1 + key::size + value_room <= io::min_window ? value_room : 0));
    *c.pos = ',';
    c.pos += comma;
    std::memcpy(c.pos, key::text.data(), key::size);
    c.pos += key::size;
    comma = true;
    c = put_member_value<View>(w, c, value);
    if constexpr (kind_of<V> != kind::integer && kind_of<V> != kind::boolean) {
      if (!w.ok()) [[unlikely]] {
        prism::detail::prepend_path(w.error_path(), ".", key::name);
        return false;
      }
    }
    return true;
  }
}

template <class View, class T, class W, std::size_t... D>
[[gnu::always_inline]] inline bool put_members(W& w, typename W::cursor& c, const T& v, std::index_sequence<D...>) {
  [[maybe_unused]] bool comma = false;  // a member was written (unused in a record of no fields)
  return (put_member<View, T, D>(w, c, comma, v) && ...);
}

/// Writes record v member after member (see takes_member_path).
template <class View, class W, class T>
void write_members(W& w, const T& v) {
  w.begin_object();
  typename W::cursor c = w.tokens();
  if (!put_members<View>(w, c, v, std::make_index_sequence<field_count_of<T>>{})) [[unlikely]]
    return;
  w.end_tokens(c);
  w.end_object();
}

/// Writes a sequence element after element through one cursor, as write_members does members.
template <class View, class W, class T>
void write_elements(W& w, const T& v) {
  using E = element_of<T>;
  w.begin_array();
  typename W::cursor c = w.tokens();
  std::size_t i = 0;
  for (const auto& e : v) {
    c = w.room(c, 1 + member_value_room<View, E>());
    *c.pos = ',';
    c.pos += i != 0;
    c = put_member_value<View>(w, c, e);
    if constexpr (kind_of<E> != kind::integer && kind_of<E> != kind::boolean) {
      if (!w.ok()) [[unlikely]]
        return prism::detail::prepend_path(w.error_path(), "[", std::to_string(i), "]");
    }
    ++i;
  }
  w.end_tokens(c);
  w.end_array();
}

/// Why enum value v has no name: outside the values searched for names (enum_range<E>, which names the fix), or
/// a value no enumerator has.
template <class E>
[[gnu::cold, gnu::noinline]] std::string unnamed_enum_detail(E v) {
  using range = prism::enum_range<E>;
  const auto u = static_cast<std::underlying_type_t<E>>(v);
  const std::string type(prism::detail::type_name<E>());
  std::string what = "enum value " + std::to_string(+u) + " of " + type + " has no name";
  bool outside;
  if constexpr (std::is_signed_v<decltype(u)>)
    outside = static_cast<long long>(u) < range::min || static_cast<long long>(u) > range::max;
  else
    outside = static_cast<unsigned long long>(u) > static_cast<unsigned long long>(range::max);
  if (outside)
    return what + ": names are looked for in [" + std::to_string(range::min) + ", " + std::to_string(range::max) +
           "]; widen that with prism::enum_range<" + type + ">, or write numbers (enums_as_numbers)";
  return what + " (no enumerator holds it): write numbers with enums_as_numbers";
}

/// A value's JSON text (json::raw), verbatim. Checked to be one JSON value in debug builds (writer checks 2) and
/// under validate_raw, so that a writer never emits invalid JSON from it; no text at all is null.
template <class W>
void write_json_text(W& w, std::string_view text) {
  if (text.empty()) return w.null();
  if (PRISM_WRITER_CHECKS >= 2 || w.options().validate_raw) {
    const read_options strict{};  // read_context keeps a reference: a temporary here would dangle
    read_context c(text, strict);
    c.p = skip_whitespace(c.p, c.end);
    const bool one_value = c.p == text.data() && skip_value(c) && c.p == c.end;
    if (!one_value) [[unlikely]]
      return w.fail(error_code::invalid_value, "raw JSON text that is not one JSON value (json::raw)");
  }
  w.raw_value(text);
}

template <class W, class K>
void write_map_key(W& w, const K& k) {
  constexpr kind kk = kind_of<K>;
  static_assert(!prism::detail::is_json_text<K>, "prism: JSON object keys cannot be raw JSON text");
  if constexpr (kk == kind::string) {
    w.key(adapter<K>::view(k));
  } else if constexpr (kk == kind::integer) {
    char buf[max_integer_chars];
    w.key(std::string_view(buf, static_cast<std::size_t>(write_integer(buf, k) - buf)));
  } else if constexpr (kk == kind::enumeration) {
    if (w.options().enums_as_numbers) {
      char buf[max_integer_chars];
      auto u = static_cast<std::underlying_type_t<K>>(k);
      w.key(std::string_view(buf, static_cast<std::size_t>(write_integer(buf, u) - buf)));
    } else {
      std::string_view name = prism::detail::enum_name(k);
      if (name.empty()) [[unlikely]]
        return w.fail(error_code::unnamed_enum, unnamed_enum_detail(k));
      w.key(name);
    }
  } else {
    static_assert(kk == kind::string, "prism: JSON object keys must be strings, integers or enums");
  }
}

template <class View, class W, class T>
void write_value(W& w, const T& v) {
  constexpr kind k = kind_of<T>;
  if constexpr (takes_flat_path<View, W, T>()) {
    if (write_flat<View>(w, v)) [[likely]]
      return;
  }
  if constexpr (treatment_of<View, T> == treatment::default_view) {
    write_value<default_view>(w, v);
  } else if constexpr (treatment_of<View, T> == treatment::represented) {
    write_represented<View>(w, representation_of<View, T>, v);
  } else if constexpr (k == kind::null) {
    w.null();
  } else if constexpr (k == kind::boolean) {
    w.value(static_cast<bool>(v));
  } else if constexpr (k == kind::integer || k == kind::floating || k == kind::character) {
    w.value(v);
  } else if constexpr (prism::detail::is_json_text<T>) {
    write_json_text(w, adapter<T>::view(v));
  } else if constexpr (k == kind::string) {
    if constexpr (may_be_null<T>) {
      if (is_null(v)) return w.null();
    }
    w.value(adapter<T>::view(v));
  } else if constexpr (k == kind::bytes) {
    write_base64(w, adapter<T>::view(v));
  } else if constexpr (k == kind::enumeration) {
    if (w.options().enums_as_numbers) return w.value(static_cast<std::underlying_type_t<T>>(v));
    std::string_view name = prism::detail::enum_name(v);
    if (name.empty()) [[unlikely]]
      return w.fail(error_code::unnamed_enum, unnamed_enum_detail(v));
    w.value(name);
  } else if constexpr (k == kind::timestamp) {
    using namespace std::chrono;
    using D = typename T::duration;
    auto secs = floor<seconds>(v);
    if constexpr (std::ratio_less_v<typename D::period, std::ratio<1>>) {
      constexpr auto den = D::period::den / D::period::num;
      constexpr int digits = den <= 1 ? 0 : den <= 10 ? 1 : den <= 100 ? 2 : den <= 1000 ? 3 : den <= 1000000 ? 6 : 9;
      // split the tick count itself: v - secs would convert secs back to ticks, which overflows near D's minimum
      auto ticks = v.time_since_epoch().count();
      auto whole = ticks / den, part = ticks % den;
      if (part < 0) {
        part += den;
        --whole;
      }
      secs = time_point<system_clock, seconds>(seconds(whole));
      auto frac = static_cast<std::uint64_t>(part);
      // scale the tick count to `digits` decimal places (periods like 1/1000000000 are exact)
      std::uint64_t scaled = frac * static_cast<std::uint64_t>(prism::json::detail::powers_of_10[digits]) /
                             static_cast<std::uint64_t>(den);
      write_timestamp_fields(w, time_point_cast<seconds>(secs), scaled, digits);
    } else {
      write_timestamp_fields(w, time_point_cast<seconds>(secs), 0, 0);
    }
  } else if constexpr (k == kind::duration) {
    w.value(v.count());
  } else if constexpr (k == kind::optional || k == kind::pointer) {
    if (const auto* p = adapter<T>::get(v)) write_value<View>(w, *p);
    else w.null();
  } else if constexpr (k == kind::variant) {
    static_assert(
        []<class... A>(std::type_identity<std::variant<A...>>) { return distinct_alternative_names<A...>(); }(
            std::type_identity<T>{}),
        "prism: the alternatives of this variant have the same tag name; see docs/data-model.md");
    std::visit(
        [&](const auto& alt) {
          using A = std::remove_cvref_t<decltype(alt)>;
          if constexpr (kind_of<A> == kind::null) {
            w.null();
          } else {
            static constexpr std::string_view tag = alternative_name<A>();
            w.begin_object();
            w.key(tag);
            write_value<View>(w, alt);
            if (!w.ok()) [[unlikely]]
              return prism::detail::prepend_path(w.error_path(), ".", tag);
            w.end_object();
          }
        },
        v);
  } else if constexpr (k == kind::tuple) {
    w.begin_array();
    auto element = [&]<std::size_t I>(std::integral_constant<std::size_t, I>) {
      write_value<View>(w, std::get<I>(v));
      if (w.ok()) [[likely]]
        return true;
      prism::detail::prepend_path(w.error_path(), "[", std::to_string(I), "]");
      return false;
    };
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (void)(element(std::integral_constant<std::size_t, I>{}) && ...);
    }(std::make_index_sequence<std::tuple_size_v<T>>{});
    w.end_array();
  } else if constexpr (k == kind::sequence && !W::pretty) {
    write_elements<View>(w, v);
  } else if constexpr (k == kind::sequence) {
    w.begin_array();
    std::size_t i = 0;
    for (const auto& e : v) {
      write_value<View>(w, e);
      if (!w.ok()) [[unlikely]]
        return prism::detail::prepend_path(w.error_path(), "[", std::to_string(i), "]");
      ++i;
    }
    w.end_array();
  } else if constexpr (k == kind::map) {
    w.begin_object();
    for (const auto& [key, value] : v) {
      write_map_key(w, key);
      write_value<View>(w, value);
      if (!w.ok()) [[unlikely]] {
        using K = std::remove_cvref_t<decltype(key)>;
        if constexpr (kind_of<K> == kind::string) return prism::detail::prepend_path(w.error_path(), "[\"", adapter<K>::view(key), "\"]");
        else if constexpr (kind_of<K> == kind::integer) return prism::detail::prepend_path(w.error_path(), "[", std::to_string(key), "]");
        else return prism::detail::prepend_path(w.error_path(), "[", prism::detail::enum_name(key), "]");
      }
    }
    w.end_object();
  } else if constexpr (takes_member_path<View, W, T>()) {
    write_members<View>(w, v);
  } else if constexpr (k == kind::record) {
    using L = view_record<View, T>;
    w.begin_object();
    bool ok = for_each_field(v, [&](auto index, const auto& field) {
      constexpr std::size_t s = L::slot_of(decltype(index)::value);
      if constexpr (s == L::npos) return true;
      else return write_slot<View, T, s>(w, v, field);
    });
    if (ok) {  // the fields the view adds
      [&]<std::size_t... S>(std::index_sequence<S...>) {
        (void)(write_slot<View, T, L::kept + S>(w, v, std::get<L::source[L::kept + S] - L::declared>(L::entry.list).get(v)) &&
               ...);
      }(std::make_index_sequence<L::size - L::kept>{});
    }
    w.end_object();
  } else if constexpr (k == kind::surrogate) {
    write_value<View>(w, std::invoke(description<T>.to, v));
  } else if constexpr (k == kind::dynamic) {
    write_value_json(w, v);
  } else {
    (void)not_describable<T>::value;
  }
}

template <bool Pretty, class View, class T, class Sink>
result<std::size_t> write_with(const T& value, Sink& sink, const write_options& opts) {
  writer<Sink, Pretty> w(sink, opts);
  write_value<View>(w, value);
  return w.finish();
}

}  // namespace detail

/// Writes a typed value at the current position of a low-level writer, to mix typed values into a
/// hand-written document, optionally through a view. Errors are left in the writer for finish() to report.
template <class Sink, bool Pretty, class T, view_choice View = default_view>
void write_value(writer<Sink, Pretty>& w, const T& value, const View& view = {}) {
  visit_view(view, [&]<class V>(V) { detail::write_value<V>(w, value); });
}

/// Writes `value` as JSON into `out` through `view` (a view type, or a prism::one_of chosen at run time).
/// `out` is a std::string or std::vector<char> (appended to), FILE*, std::ostream, a prism::io sink (fixed_sink,
/// fd_sink, counting_sink...), or any type with `bool write(const char*, size_t)`. Returns the number of bytes
/// written, or the first error with the path of the value that caused it.
///   std::string out; auto n = prism::json::write(order, out, api_v2{}, {.indent = 2});
/// Allocates nothing unless `out` is a container that has to grow.
template <class T, class Out, view_choice View>
result<std::size_t> write(const T& value, Out&& out, const View& view, const write_options& opts = {}) {
  auto&& sink = io::make_sink(out);
  return visit_view(view, [&]<class V>(V) {
    if (opts.indent > 0) return detail::write_with<true, V>(value, sink, opts);
    return detail::write_with<false, V>(value, sink, opts);
  });
}

/// Writes `value` as its own description has it (the default view): see above.
///   std::string out; auto n = prism::json::write(order, out, {.indent = 2});
template <class T, class Out>
result<std::size_t> write(const T& value, Out&& out, const write_options& opts = {}) {
  return write(value, out, default_view{}, opts);
}

/// `value` as a JSON string, through `view`.
template <class T, view_choice View>
result<std::string> to_string(const T& value, const View& view, const write_options& opts = {}) {
  std::string s;
  auto r = write(value, s, view, opts);
  if (!r) return r.error();
  return s;
}

/// `value` as a JSON string. `prism::json::to_string(v).value()` throws prism::error_exception on error.
template <class T>
result<std::string> to_string(const T& value, const write_options& opts = {}) {
  return to_string(value, default_view{}, opts);
}

}  // namespace prism::json
