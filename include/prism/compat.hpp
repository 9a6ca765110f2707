// prism: what changed between two versions of a model, and whether each change breaks readers of the binary format
// and of JSON (per view). From the types' descriptions alone, at compile time:
//   constexpr auto r = prism::compat::check<v1::order, v2::order>();        // binary, and JSON in the default view
//   static_assert(prism::compat::backward<v1::order, v2::order>());         // new builds read old documents
//   static_assert(prism::compat::forward<v1::order, v2::order, api_v2>());  // old builds read new ones, JSON via api_v2
// A change breaks a direction when a reader of that direction fails, or reads a value other than the one written, or
// loses one: backward is a new reader on an old document, forward an old reader on a new document. docs/compat.md has
// every rule.
#pragma once

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <ratio>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>

#include "bin/wire.hpp"
#include "core/kind.hpp"
#include "core/view.hpp"
#include "json/builder.hpp"
#include "json/read.hpp"

namespace prism::compat {

/// What changed.
enum class rule : std::uint8_t {
  field_added,             ///< a field the old version lacks
  field_removed,           ///< a field the new version lacks
  field_renamed,           ///< the same field (the same binary id) under another name
  id_reused,               ///< a binary id holding another field, of another wire type
  required_added,          ///< a field the new version requires that the old one could leave out
  kind_changed,            ///< another kind of value (a string where an integer was, a record where a variant was)
  integer_range,           ///< an integer type that holds other values (narrowed, or signedness changed)
  float_precision,         ///< float to double or back: the float side rounds, and refuses what is past its range
  became_optional,         ///< a value that may now be null (an optional or pointer where a plain value was)
  became_plain,            ///< a value that may no longer be null
  enumerator_added,        ///< an enumerator the old version lacks
  enumerator_removed,      ///< an enumerator the new version lacks
  enumerator_renamed,      ///< the same enumerator value under another name
  alternative_added,       ///< a variant alternative the old version lacks
  alternative_removed,     ///< a variant alternative the new version lacks
  length_changed,          ///< a tuple or fixed-size array with another number of elements
  unit_changed,            ///< a duration or time point counting in another unit
  keys_may_repeat,         ///< a multimap where a map was
  keys_unique,             ///< a map where a multimap was
  representation_changed,  ///< JSON: the view writes the value as something else (an enum number, an epoch count)
};

/// The rule in words.
constexpr std::string_view describe(rule r) noexcept {
  constexpr std::string_view words[] = {
      "field added", "field removed", "field renamed", "binary id reused by another field", "field made required",
      "type changed to another kind", "integer range changed", "floating-point precision changed", "value became optional",
      "value no longer optional", "enumerator added", "enumerator removed", "enumerator renamed",
      "variant alternative added", "variant alternative removed", "number of elements changed", "unit changed",
      "map became a multimap", "multimap became a map", "representation changed"};
  return words[static_cast<std::size_t>(r)];
}

enum class format : std::uint8_t { binary, json };

/// One difference between the versions, in one format (and for JSON, one view).
struct change {
  format in = format::binary;
  std::string_view view;         ///< JSON: the view's name ("default", or the view's `name`)
  rule what = rule::field_added;
  bool breaks_backward = false;  ///< a new reader of an old document fails, misreads or loses a value
  bool breaks_forward = false;   ///< an old reader of a new document fails, misreads or loses a value
  std::string_view detail;       ///< the enumerator, the alternative, or the field's new name (renamed); may be empty
  std::array<char, 96> where{};  ///< the path, as a view of path()
  std::size_t where_size = 0;

  /// Where: the field path from the top ("items[].id", "note.1", "shape<circle>.r"); empty for the top itself.
  constexpr std::string_view path() const noexcept { return {where.data(), where_size}; }
  constexpr bool breaks() const noexcept { return breaks_backward || breaks_forward; }
};

/// Every difference found, in the order met; a pair of record (or variant) types met in several places is compared
/// once, where first met. Holds up to `capacity`; past it, counts and keeps the verdicts.
struct report {
  static constexpr std::size_t capacity = 96;
  std::array<change, capacity> list{};
  std::size_t size = 0;
  std::size_t dropped = 0;
  bool dropped_breaks_backward = false, dropped_breaks_forward = false;

  constexpr const change* begin() const noexcept { return list.data(); }
  constexpr const change* end() const noexcept { return list.data() + size; }
  /// Whether new readers read every old document (no change breaks backward).
  constexpr bool backward() const noexcept { return first(true) == size && !dropped_breaks_backward; }
  /// Whether old readers read every new document.
  constexpr bool forward() const noexcept { return first(false) == size && !dropped_breaks_forward; }
  /// The first change that breaks the direction, or size.
  constexpr std::size_t first(bool backward) const noexcept {
    for (std::size_t i = 0; i < size; ++i)
      if (backward ? list[i].breaks_backward : list[i].breaks_forward) return i;
    return size;
  }

  constexpr void add(change c) noexcept {
    if (size < capacity) {
      list[size++] = c;
      return;
    }
    ++dropped;
    dropped_breaks_backward |= c.breaks_backward;
    dropped_breaks_forward |= c.breaks_forward;
  }
};

namespace detail {

/// A path being built, in a fixed buffer (compile-time friendly); long paths are cut.
struct path {
  std::array<char, 96> text{};
  std::size_t size = 0;
  constexpr path then(std::string_view part, bool dot = true) const noexcept {
    path p = *this;
    if (dot && p.size != 0) p.put(".");
    p.put(part);
    return p;
  }
  constexpr void put(std::string_view part) noexcept {
    for (char ch : part)
      if (size < text.size()) text[size++] = ch;
  }
};

/// The address that stands for a pair of types being compared.
template <class A, class B>
inline constexpr char pair_key = 0;

struct context {
  report& r;
  format in;
  std::string_view view;
  std::array<const void*, 128> seen{};  ///< the pairs of records and variants compared already
  std::size_t seen_size = 0;

  /// False when the pair was compared already: a type met in several places is reported once, where first met.
  constexpr bool first_time(const void* pair) {
    for (std::size_t i = 0; i < seen_size; ++i)
      if (seen[i] == pair) return false;
    if (seen_size < seen.size()) seen[seen_size++] = pair;
    return true;
  }

  constexpr void add(rule what, const path& at, bool backward, bool forward, std::string_view detail = {}) {
    change c;
    c.in = in;
    c.view = view;
    c.what = what;
    c.detail = detail;
    c.breaks_backward = backward;
    c.breaks_forward = forward;
    c.where = at.text;
    c.where_size = at.size;
    r.add(c);
  }
};

template <class T>
using plain = std::remove_cvref_t<T>;

inline constexpr std::size_t npos = std::size_t(-1);

/// Optionals and pointers are the value they hold, to both formats' readers (a ref around it).
template <class T>
constexpr bool is_ref = kind_of<T> == kind::optional || kind_of<T> == kind::pointer;
template <class T>
struct unref {
  using type = T;
};
template <class T>
  requires is_ref<T>
struct unref<T> {
  using type = typename unref<plain<typename adapter<T>::value_type>>::type;
};

/// Integers of E's range, for integers and for enums by their underlying type.
template <class T>
constexpr auto range_of() {
  using I = typename std::conditional_t<std::is_enum_v<T>, std::underlying_type<T>, std::type_identity<T>>::type;
  return std::pair<long double, long double>{static_cast<long double>(std::numeric_limits<I>::min()),
                                             static_cast<long double>(std::numeric_limits<I>::max())};
}

/// Compares the integer ranges of two types: a reader whose range lacks values the writer's has may fail.
template <class Old, class New>
constexpr void compare_range(context& c, const path& at) {
  constexpr auto o = range_of<Old>(), n = range_of<New>();
  if constexpr (o != n) {
    constexpr bool new_holds_old = n.first <= o.first && o.second <= n.second;
    constexpr bool old_holds_new = o.first <= n.first && n.second <= o.second;
    c.add(rule::integer_range, at, !new_holds_old, !old_holds_new);
  }
}

/// Enumerators by value (binary, and JSON as numbers) or by name (JSON).
template <class Old, class New>
constexpr void compare_enums(context& c, const path& at, bool by_name) {
  using O = prism::detail::enum_names<Old>;
  using N = prism::detail::enum_names<New>;
  auto name_in = [](const auto& table, long long min, long long v) -> std::string_view {
    if (v < min || v >= min + static_cast<long long>(table.size())) return {};
    return table[static_cast<std::size_t>(v - min)];
  };
  auto has_name = [](const auto& table, std::string_view name) {
    for (std::string_view n : table)
      if (!n.empty() && n == name) return true;
    return false;
  };
  for (std::size_t i = 0; i < O::table.size(); ++i) {
    std::string_view old_name = O::table[i];
    if (old_name.empty()) continue;
    const long long v = O::min + static_cast<long long>(i);
    std::string_view new_name = name_in(N::table, N::min, v);
    if (by_name) {  // JSON: a name the new version lacks
      if (!has_name(N::table, old_name))
        c.add(new_name.empty() ? rule::enumerator_removed : rule::enumerator_renamed, at, true, !new_name.empty(),
              old_name);
    } else if (new_name.empty()) {
      c.add(rule::enumerator_removed, at, true, false, old_name);
    } else if (new_name != old_name) {
      c.add(rule::enumerator_renamed, at, false, false, old_name);  // the same number: no change on the wire
    }
  }
  for (std::size_t i = 0; i < N::table.size(); ++i) {
    std::string_view new_name = N::table[i];
    if (new_name.empty()) continue;
    const long long v = N::min + static_cast<long long>(i);
    const bool added = by_name ? !has_name(O::table, new_name) && name_in(O::table, O::min, v).empty()
                               : name_in(O::table, O::min, v).empty();
    if (added) c.add(rule::enumerator_added, at, false, true, new_name);
  }
  compare_range<Old, New>(c, at);
}

template <format F, class View, class Old, class New, class... Seen>
constexpr void compare(context& c, const path& at);

/// The binary id of declared field I of T, and whether the binary format stores it (a computed field it does not).
template <class T, std::size_t I>
constexpr bool stored = prism::bin::detail::field_is_stored<T, I>();

template <class T>
constexpr std::size_t field_with_id(std::uint32_t id) {
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    std::size_t found = std::size_t(-1);
    ((prism::bin::field_id<T, I>() == id && stored<T, I> ? (found = I) : 0), ...);
    return found;
  }(std::make_index_sequence<field_count_of<T>>{});
}

/// A surrogate is the type it travels as; any other type itself.
template <class T>
struct travels_as {
  using type = T;
};
template <class T>
  requires(kind_of<T> == kind::surrogate)
struct travels_as<T> {
  using type = plain<typename plain<decltype(description<T>)>::surrogate_type>;
};

/// The wire a value travels on, for telling a reused id from a changed type: 0 integers (and enums, booleans), 1
/// floats, 2 text and bytes, 3 records and tuples, 4 sequences, 5 maps, 6 variants, 7 anything else.
template <class T>
constexpr int wire_class() {
  using U = typename unref<T>::type;
  constexpr kind k = kind_of<U>;
  if constexpr (k == kind::surrogate) return wire_class<typename travels_as<U>::type>();
  else if constexpr (k == kind::integer || k == kind::enumeration || k == kind::boolean || k == kind::character ||
                     k == kind::timestamp || k == kind::duration) return 0;
  else if constexpr (k == kind::floating) return 1;
  else if constexpr (k == kind::string || k == kind::bytes) return 2;
  else if constexpr (k == kind::record || k == kind::tuple) return 3;
  else if constexpr (k == kind::sequence) return 4;
  else if constexpr (k == kind::map) return 5;
  else if constexpr (k == kind::variant) return 6;
  else return 7;
}

/// Whether two types travel on the same wire (see wire_class).
template <class A, class B>
inline constexpr bool same_wire = wire_class<plain<A>>() == wire_class<plain<B>>();

/// The slot in View of record To holding the same field as slot S of record From: the declared field with the same
/// binary id and a value on the same wire, or npos (a field a view adds, or an id reused by another field).
template <class View, class From, class To, std::size_t S>
constexpr std::size_t same_field_slot() {
  using LF = view_record<View, From>;
  if constexpr (LF::source[S] >= LF::declared) {
    return npos;
  } else {
    constexpr std::size_t J = field_with_id<To>(prism::bin::field_id<From, LF::source[S]>());
    if constexpr (J == npos) return npos;
    else if constexpr (!same_wire<field_type_of<From, LF::source[S]>, field_type_of<To, J>>) return npos;
    else return view_record<View, To>::slot_of(J);
  }
}

/// Binary: records' fields matched by id.
template <class Old, class New, class... Seen>
constexpr void compare_binary_records(context& c, const path& at) {
  using prism::bin::detail::field_is_required;
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (
        [&] {
          if constexpr (stored<Old, I>) {
            constexpr std::size_t J = field_with_id<New>(prism::bin::field_id<Old, I>());
            const path here = at.then(field_name_of<Old, I>);
            if constexpr (J == npos) {
              c.add(rule::field_removed, here, false, field_is_required<Old, I>());
            } else {
              using A = plain<field_type_of<Old, I>>;
              using B = plain<field_type_of<New, J>>;
              if constexpr (field_name_of<Old, I> != field_name_of<New, J> && !same_wire<A, B>) {
                c.add(rule::id_reused, here, true, true, field_name_of<New, J>);
              } else {
                if constexpr (field_name_of<Old, I> != field_name_of<New, J>)
                  c.add(rule::field_renamed, here, false, false, field_name_of<New, J>);  // no change on the wire
                if constexpr (field_is_required<New, J>() && !field_is_required<Old, I>())
                  c.add(rule::required_added, here, true, false);
                compare<format::binary, default_view, A, B, Seen...>(c, here);
              }
            }
          }
        }(),
        ...);
  }(std::make_index_sequence<field_count_of<Old>>{});
  [&]<std::size_t... J>(std::index_sequence<J...>) {
    (
        [&] {
          if constexpr (stored<New, J>) {
            if constexpr (field_with_id<Old>(prism::bin::field_id<New, J>()) == npos)
              c.add(rule::field_added, at.then(field_name_of<New, J>), field_is_required<New, J>(), false);
          }
        }(),
        ...);
  }(std::make_index_sequence<field_count_of<New>>{});
}

/// JSON: records' slots matched by their names in the view; a declared field under another name but the same
/// binary id is the same field renamed.
template <class View, class Old, class New, class... Seen>
constexpr void compare_json_records(context& c, const path& at) {
  using LO = view_record<View, Old>;
  using LN = view_record<View, New>;
  auto slot_named = [](auto names, std::string_view name) {
    for (std::size_t s = 0; s < names.size(); ++s)
      if (names[s] == name) return s;
    return npos;
  };
  [&]<std::size_t... S>(std::index_sequence<S...>) {
    (
        [&] {
          constexpr std::size_t T = slot_named(LN::names, LO::names[S]);
          const path here = at.then(LO::names[S]);
          using A = plain<prism::json::detail::slot_value_type<View, Old, S>>;
          constexpr bool old_required = prism::json::detail::slot_is_required<View, Old, S>(json::read_options{});
          if constexpr (T == npos) {
            constexpr std::size_t renamed_to = same_field_slot<View, Old, New, S>();
            if constexpr (renamed_to != npos) c.add(rule::field_renamed, here, true, true, LN::names[renamed_to]);
            else c.add(rule::field_removed, here, false, old_required);
          } else {
            using B = plain<prism::json::detail::slot_value_type<View, New, T>>;
            if constexpr (prism::json::detail::slot_is_required<View, New, T>(json::read_options{}) && !old_required)
              c.add(rule::required_added, here, true, false);
            constexpr bool old_rep = LO::represent_modifier(S) != npos, new_rep = LN::represent_modifier(T) != npos;
            if constexpr (old_rep || new_rep) {
              using RO = plain<decltype(std::get<old_rep ? LO::represent_modifier(S) : 0>(LO::entry.list))>;
              using RN = plain<decltype(std::get<new_rep ? LN::represent_modifier(T) : 0>(LN::entry.list))>;
              if constexpr (old_rep != new_rep || !std::is_same_v<decltype(RO::rep), decltype(RN::rep)>)
                c.add(rule::representation_changed, here, true, true);
              else compare<format::json, View, A, B, Seen...>(c, here);
            } else {
              compare<format::json, View, A, B, Seen...>(c, here);
            }
          }
        }(),
        ...);
  }(std::make_index_sequence<LO::size>{});
  [&]<std::size_t... S>(std::index_sequence<S...>) {
    (
        [&] {
          if constexpr (slot_named(LO::names, LN::names[S]) == npos) {
            if constexpr (same_field_slot<View, New, Old, S>() == npos)  // (else a rename, reported from the old side)
              c.add(rule::field_added, at.then(LN::names[S]),
                    prism::json::detail::slot_is_required<View, New, S>(json::read_options{}), false);
          }
        }(),
        ...);
  }(std::make_index_sequence<LN::size>{});
}

/// Variants: alternatives matched by their tags.
template <format F, class View, class Old, class New, class... Seen>
constexpr void compare_variants(context& c, const path& at) {
  [&]<class... A, class... B>(std::type_identity<std::variant<A...>>, std::type_identity<std::variant<B...>>) {
    constexpr std::array<std::string_view, sizeof...(B)> new_tags{prism::detail::alternative_name<B>()...};
    constexpr std::array<std::string_view, sizeof...(A)> old_tags{prism::detail::alternative_name<A>()...};
    (
        [&] {
          constexpr std::string_view tag = prism::detail::alternative_name<A>();
          constexpr std::size_t j = [&] {
            for (std::size_t k = 0; k < new_tags.size(); ++k)
              if (new_tags[k] == tag) return k;
            return std::size_t(-1);
          }();
          path here = at;
          here.put("<");
          here.put(tag);
          here.put(">");
          if constexpr (j == std::size_t(-1)) {
            c.add(rule::alternative_removed, at, true, false, tag);
          } else {
            compare<F, View, A, plain<std::variant_alternative_t<j, std::variant<B...>>>, Seen...>(c, here);
          }
        }(),
        ...);
    (
        [&] {
          constexpr std::string_view tag = prism::detail::alternative_name<B>();
          constexpr bool known = [&] {
            for (std::string_view t : old_tags)
              if (t == tag) return true;
            return false;
          }();
          if constexpr (!known) c.add(rule::alternative_added, at, false, true, tag);
        }(),
        ...);
  }(std::type_identity<Old>{}, std::type_identity<New>{});
}

/// The walk: Old as written by one version, New as the other reads it, in format F (through View for JSON).
template <format F, class View, class Old, class New, class... Seen>
constexpr void compare(context& c, const path& at) {
  constexpr bool json = F == format::json;
  if constexpr (std::is_same_v<Old, New> || (std::is_same_v<std::pair<Old, New>, Seen> || ...)) {
    return;  // the same type, or a pair met already on the way here (a recursive type)
  } else if constexpr (json && (treatment_of<View, Old> == treatment::default_view ||
                                treatment_of<View, New> == treatment::default_view)) {
    if constexpr (treatment_of<View, Old> != treatment_of<View, New>)
      c.add(rule::representation_changed, at, true, true);
    else compare<F, default_view, Old, New, Seen...>(c, at);
  } else if constexpr (json && (treatment_of<View, Old> == treatment::represented ||
                                treatment_of<View, New> == treatment::represented)) {
    if constexpr (treatment_of<View, Old> != treatment_of<View, New> ||
                  !std::is_same_v<plain<decltype(representation_of<View, Old>)>,
                                  plain<decltype(representation_of<View, New>)>>)
      c.add(rule::representation_changed, at, true, true);
  } else if constexpr (is_ref<Old> || is_ref<New>) {
    using A = typename unref<Old>::type;
    using B = typename unref<New>::type;
    // The binary format reads a ref into a plain value and back; JSON writes null, which a plain value refuses.
    if constexpr (is_ref<Old> && !is_ref<New>) c.add(rule::became_plain, at, json, false);
    else if constexpr (!is_ref<Old> && is_ref<New>) c.add(rule::became_optional, at, false, json);
    compare<F, View, A, B, std::pair<Old, New>, Seen...>(c, at);
  } else if constexpr (kind_of<Old> == kind::surrogate || kind_of<New> == kind::surrogate) {
    compare<F, View, typename travels_as<Old>::type, typename travels_as<New>::type, std::pair<Old, New>, Seen...>(c, at);
  } else if constexpr (kind_of<Old> != kind_of<New>) {
    constexpr bool both_text = (kind_of<Old> == kind::string || kind_of<Old> == kind::bytes) &&
                               (kind_of<New> == kind::string || kind_of<New> == kind::bytes);
    constexpr bool int_enum = (kind_of<Old> == kind::integer || kind_of<Old> == kind::enumeration) &&
                              (kind_of<New> == kind::integer || kind_of<New> == kind::enumeration);
    if constexpr (!json && both_text) {
      // bytes on the wire either way
    } else if constexpr (!json && int_enum) {
      compare_range<Old, New>(c, at);  // numbers either way
    } else {
      c.add(rule::kind_changed, at, true, true);
    }
  } else if constexpr (kind_of<Old> == kind::integer) {
    compare_range<Old, New>(c, at);
  } else if constexpr (kind_of<Old> == kind::floating) {
    if constexpr (sizeof(Old) > sizeof(New)) c.add(rule::float_precision, at, true, false);
    else if constexpr (sizeof(Old) < sizeof(New)) c.add(rule::float_precision, at, false, true);
  } else if constexpr (kind_of<Old> == kind::enumeration) {
    compare_enums<Old, New>(c, at, json);
  } else if constexpr (kind_of<Old> == kind::duration || kind_of<Old> == kind::timestamp) {
    using PO = typename Old::period;  // a duration's, or a time point's duration's
    using PN = typename New::period;
    if constexpr (!std::ratio_equal_v<PO, PN>) {
      if constexpr (json && kind_of<Old> == kind::timestamp)  // RFC 3339 text: a coarser reader refuses a fraction
        c.add(rule::unit_changed, at, std::ratio_less_v<PO, PN>, std::ratio_less_v<PN, PO>);
      else  // counts, read in the reader's unit
        c.add(rule::unit_changed, at, true, true);
    } else if constexpr (kind_of<Old> == kind::duration) {
      compare<F, View, typename Old::rep, typename New::rep, Seen...>(c, at);
    }
  } else if constexpr (kind_of<Old> == kind::sequence) {
    constexpr std::size_t no = prism::detail::fixed_extent<Old>, nn = prism::detail::fixed_extent<New>;
    if constexpr (no != nn && no != std::size_t(-1) && nn != std::size_t(-1))
      c.add(rule::length_changed, at, true, true);
    using A = plain<decltype(*std::begin(std::declval<const Old&>()))>;
    using B = plain<decltype(*std::begin(std::declval<const New&>()))>;
    compare<F, View, A, B, std::pair<Old, New>, Seen...>(c, at.then("[]", false));
  } else if constexpr (kind_of<Old> == kind::map) {
    using prism::bin::detail::unique_keys;
    if constexpr (!unique_keys<New> && unique_keys<Old>) c.add(rule::keys_may_repeat, at, false, true);
    else if constexpr (unique_keys<New> && !unique_keys<Old>) c.add(rule::keys_unique, at, true, false);
    compare<F, View, plain<typename adapter<Old>::key_type>, plain<typename adapter<New>::key_type>, Seen...>(
        c, at.then("{key}", false));
    compare<F, View, plain<typename adapter<Old>::mapped_type>, plain<typename adapter<New>::mapped_type>,
            std::pair<Old, New>, Seen...>(c, at.then("{}", false));
  } else if constexpr (kind_of<Old> == kind::tuple) {
    constexpr std::size_t no = std::tuple_size_v<Old>, nn = std::tuple_size_v<New>;
    // the binary format skips extra elements and leaves missing ones at their default; JSON's reader takes exactly
    // as many elements as the tuple has
    if constexpr (no != nn) c.add(rule::length_changed, at, json, json);
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (compare<F, View, plain<std::tuple_element_t<I, Old>>, plain<std::tuple_element_t<I, New>>, std::pair<Old, New>,
               Seen...>(c, at.then(std::string_view("0123456789").substr(I < 10 ? I : 9, 1))),
       ...);
    }(std::make_index_sequence<(no < nn ? no : nn)>{});
  } else if constexpr (kind_of<Old> == kind::variant) {
    if (c.first_time(&pair_key<View, std::pair<Old, New>>))
      compare_variants<F, View, Old, New, std::pair<Old, New>, Seen...>(c, at);
  } else if constexpr (kind_of<Old> == kind::record) {
    if (!c.first_time(&pair_key<View, std::pair<Old, New>>)) return;
    if constexpr (json) compare_json_records<View, Old, New, std::pair<Old, New>, Seen...>(c, at);
    else compare_binary_records<Old, New, std::pair<Old, New>, Seen...>(c, at);
  }
  // null, boolean, character, string, bytes, dynamic: nothing that can differ between two types of one kind
}

template <class V>
constexpr std::string_view view_name() {
  if constexpr (std::is_same_v<V, default_view>) return "default";
  else if constexpr (requires { std::string_view(V::name); }) return V::name;
  else return prism::detail::type_name<V>();
}

}  // namespace detail

/// Every difference between Old and New that matters to the binary format, and to JSON through each of Views (the
/// default view when none is given), with whether it breaks each direction. A constant expression.
template <class Old, class New, view_type... Views>
constexpr report check() {
  report r;
  detail::context bin{r, format::binary, {}};
  detail::compare<format::binary, default_view, Old, New>(bin, {});
  auto json = [&]<class V>(std::type_identity<V>) {
    detail::context c{r, format::json, detail::view_name<V>()};
    detail::compare<format::json, V, Old, New>(c, {});
  };
  if constexpr (sizeof...(Views) == 0) json(std::type_identity<default_view>{});
  else (json(std::type_identity<Views>{}), ...);
  return r;
}

/// The report as text, a change a line: its format (and view), path, rule, detail and verdict, e.g.
///   binary        items[].id      integer range changed         breaks backward
///   json default  state           enumerator added (refunded)   breaks forward
inline std::string to_text(const report& r) {
  std::string out;
  for (const change& c : r) {
    std::string where = c.in == format::binary ? "binary" : "json " + std::string(c.view);
    std::string what(describe(c.what));
    if (!c.detail.empty()) what += " (" + std::string(c.detail) + ")";
    const char* verdict = c.breaks_backward && c.breaks_forward ? "breaks both"
                          : c.breaks_backward                   ? "breaks backward"
                          : c.breaks_forward                    ? "breaks forward"
                                                                : "compatible";
    out += where + "  " + (c.path().empty() ? std::string("(top)") : std::string(c.path())) + "  " + what + "  " +
           verdict + "\n";
  }
  if (r.dropped != 0) out += "... and " + std::to_string(r.dropped) + " more\n";
  out += std::string("backward: ") + (r.backward() ? "compatible" : "breaks") +
         ", forward: " + (r.forward() ? "compatible" : "breaks") + "\n";
  return out;
}

/// The report as JSON into `out` (anything json::write takes), for a release script:
///   {"backward":false,"forward":true,"changes":[{"format":"binary","path":"items[].id","rule":"integer range
///   changed","breaks_backward":true,"breaks_forward":false},...]}
template <class Out>
result<std::size_t> write_report(Out&& out, const report& r, const json::write_options& opts = {}) {
  return json::build_object(out, [&](auto& o) {
    o.put("backward", r.backward()).put("forward", r.forward());
    o.objects("changes", r, [](auto& c, const change& x) {
      c.put("format", x.in == format::binary ? "binary" : "json");
      c.put_if(x.in == format::json, "view", x.view);
      c.put("path", x.path()).put("rule", describe(x.what));
      c.put_if(!x.detail.empty(), "detail", x.detail);
      c.put("breaks_backward", x.breaks_backward).put("breaks_forward", x.breaks_forward);
    });
    o.put_if(r.dropped != 0, "more_changes", r.dropped);
  }, opts);
}

/// A breaking change, for the one compile error backward() and forward() give: its format, rule and path are
/// this template's arguments, which the compiler prints in the "In instantiation of" line above the message.
template <std::size_t N>
struct fixed_path {
  char text[N]{};
  constexpr fixed_path(const char* p) {
    for (std::size_t i = 0; i + 1 < N; ++i) text[i] = p[i];
  }
};
template <format In, rule What, fixed_path Where>
struct breaking_change {
  static_assert(What != What, "prism::compat: a change breaks compatibility. Its format, its rule and the path of "
                              "the field are the arguments of breaking_change<...> in the line above; "
                              "prism::compat::check<Old, New>() lists every change. See docs/compat.md.");
  static constexpr bool value = false;
};

namespace detail {
template <bool Backward, class Old, class New, class... Views>
consteval bool holds() {
  constexpr report r = check<Old, New, Views...>();
  if constexpr (constexpr std::size_t i = r.first(Backward); i < r.size) {
    constexpr change c = r.list[i];
    (void)breaking_change<c.in, c.what, fixed_path<c.where_size + 1>(c.where.data())>::value;
    return true;  // the error above stops the build: no second one from the static_assert around the call
  } else {
    return Backward ? r.backward() : r.forward();
  }
}
}  // namespace detail

/// True when new builds read every document old builds write, in the binary format and in JSON through Views;
/// otherwise a compile error naming the first breaking change. For `static_assert`.
template <class Old, class New, view_type... Views>
consteval bool backward() {
  return detail::holds<true, Old, New, Views...>();
}
/// True when old builds read every document new builds write; otherwise a compile error naming the first
/// breaking change.
template <class Old, class New, view_type... Views>
consteval bool forward() {
  return detail::holds<false, Old, New, Views...>();
}

}  // namespace prism::compat
