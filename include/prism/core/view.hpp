// prism: views, several serializations of one model. A view is a type, declared once; it states only how it
// differs from the types' own descriptions, and every format back-end renders a value through it. The choice
// among views is made at run time, once per call (prism::one_of), never per field.
//
//   struct v1 : prism::view { static constexpr auto naming = prism::snake_case; };
//   struct v2 : prism::view { static constexpr auto naming = prism::camel_case; };
//
//   // Beside User (found by argument-dependent lookup through User or through the view):
//   constexpr auto prism_view(prism::type_t<User>, v1) {
//     return prism::changes(prism::omit("password_hash"), prism::represent("role", prism::enum_number));
//   }
//   constexpr auto prism_view(prism::type_t<User>, v2) {
//     return prism::changes(prism::omit("password_hash"),
//                           prism::computed<User>("full_name", [](const User& u) { return u.first + " " + u.last; }));
//   }
//   constexpr auto prism_view(prism::type_t<Legacy>, v2) { return prism::use_default; }
//
//   prism::one_of<v1, v2> api = version == 2 ? prism::one_of<v1, v2>(v2{}) : v1{};
//   prism::json::write(user, out, api);
//
// What a view can say, per type:
//   prism::changes(...)      a record's differences: rename, omit (always or by a rule), represent a field
//                            differently, add computed fields (written after the declared ones);
//   prism::use_default       the type and everything in it render as in the default view;
//   a representation         the type travels as something else in this view: prism::as<S>(to, from),
//                            prism::enum_number, prism::epoch_seconds, prism::epoch_milliseconds.
// and for the whole view: `naming` (a naming_policy, see naming.hpp) and `omit` (the omission rule of fields
// that state none). Everything is resolved at compile time: a view costs what the default view costs.
#pragma once

#include <array>
#include <bit>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <ratio>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>

#include "describe.hpp"
#include "kind.hpp"
#include "naming.hpp"
#include "result.hpp"

namespace prism {

// ---- omission rules -------------------------------------------------------------------------------------

struct never_t {};         ///< always written
struct always_t {};        ///< never written, and an unknown key to readers
struct when_null_t {};     ///< omitted when an optional is empty or a pointer or C string is null
struct when_empty_t {};    ///< omitted when null, or a string, byte string, sequence or map with no elements
struct when_default_t {};  ///< omitted when equal to the field's value in a default-constructed owner
template <class P>
struct when_t {  ///< omitted when pred(owner) is true
  P pred;
};

inline constexpr never_t never{};
inline constexpr when_null_t when_null{};
inline constexpr when_empty_t when_empty{};
inline constexpr when_default_t when_default{};
/// Omits a field when `pred(const Owner&)` is true: `prism::omit("body", prism::when(&Post::is_large))`.
template <class P>
constexpr when_t<P> when(P pred) noexcept {
  return {pred};
}

// ---- views ----------------------------------------------------------------------------------------------

/// The base of every view. Derive a view from it (or from another view, to inherit that view's per-type
/// changes) and override what differs:
///   struct camel : prism::view {
///     static constexpr auto naming = prism::camel_case;  // how field names are spelled
///     static constexpr auto omit = prism::when_null;     // fields with no rule of their own
///     static constexpr std::string_view name = "camel";  // optional: lets one_of<...>::named find it
///   };
struct view {
  static constexpr naming_policy naming = naming_policy::as_declared;
  static constexpr never_t omit{};
};

/// The types' own descriptions, unchanged.
struct default_view : view {};

/// A view type: derived from prism::view and default-constructible (a view is a type, not a value with state).
template <class V>
concept view_type = std::is_base_of_v<view, V> && std::is_default_constructible_v<V>;

/// One of several views, chosen at run time: `write` and `read` dispatch on it once per call.
///   using api = prism::one_of<v1, v2>;
///   api chosen = request.version() >= 2 ? api(v2{}) : api(v1{});
template <view_type... V>
class one_of {
  static_assert(sizeof...(V) > 0, "prism::one_of needs at least one view");

 public:
  /// The first view.
  constexpr one_of() noexcept = default;
  /// View U, which must be one of V...
  template <class U>
    requires(std::is_same_v<U, V> || ...)
  constexpr one_of(U) noexcept : index_(position<U>()) {}

  /// The position of the chosen view in V...
  constexpr std::size_t index() const noexcept { return index_; }

  /// The view whose `static constexpr std::string_view name` is `name`, or nothing.
  static constexpr std::optional<one_of> named(std::string_view name) noexcept {
    std::optional<one_of> found;
    (void)((V::name == name && (found = one_of(V{}), true)) || ...);
    return found;
  }

  /// f(the chosen view, as a value of its type); every V must give f's result the same type.
  template <class F>
  constexpr decltype(auto) visit(F&& f) const {
    return visit_from<0, V...>(f);
  }

  friend constexpr bool operator==(one_of, one_of) noexcept = default;

 private:
  template <class U>
  static constexpr std::size_t position() noexcept {
    std::size_t i = 0, found = 0;
    (void)((std::is_same_v<U, V> ? (found = i, true) : (++i, false)) || ...);
    return found;
  }
  template <std::size_t I, class First, class... Rest, class F>
  constexpr decltype(auto) visit_from(F& f) const {
    if constexpr (sizeof...(Rest) == 0) return f(First{});
    else if (index_ == I) return f(First{});
    else return visit_from<I + 1, Rest...>(f);
  }

  std::size_t index_ = 0;
};

namespace detail {
template <class V>
inline constexpr bool is_one_of = false;
template <class... V>
inline constexpr bool is_one_of<one_of<V...>> = true;
}  // namespace detail

/// A view, or a run-time choice of views: what write and read accept.
template <class V>
concept view_choice = view_type<V> || detail::is_one_of<V>;

/// Calls f with the chosen view as a value of its own type.
template <view_choice V, class F>
constexpr decltype(auto) visit_view(const V& v, F&& f) {
  if constexpr (detail::is_one_of<V>) return v.visit(f);
  else return f(v);
}

// ---- what a view says about a type --------------------------------------------------------------------

struct rename_t {
  std::string_view field, name;
};
template <class Rule>
struct omit_t {
  std::string_view field;
  Rule rule;
};
template <class Rep>
struct represent_t {
  std::string_view field;
  Rep rep;
};

/// Field `field` (its declared or described name) is spelled `name` in this view, exactly (no naming policy).
constexpr rename_t rename(std::string_view field, std::string_view name) noexcept { return {field, name}; }
/// Field `field` is left out of this view: never written, and an unknown key when read.
constexpr omit_t<always_t> omit(std::string_view field) noexcept { return {field, {}}; }
/// Field `field` is left out when `rule` holds: prism::when_null, when_empty, when_default or when(pred).
template <class Rule>
constexpr omit_t<Rule> omit(std::string_view field, Rule rule) noexcept {
  return {field, rule};
}
/// Field `field` travels as `rep` says: prism::enum_number, prism::epoch_milliseconds, prism::as<S>(to, from)...
template <class Rep>
constexpr represent_t<Rep> represent(std::string_view field, Rep rep) noexcept {
  return {field, rep};
}

/// A record's differences in a view, in any order. Nested prism::changes are flattened, so a view can start
/// from another's: `prism::changes(prism_view(prism::type<User>, v1{}), prism::rename("id", "userId"))`.
template <class... M>
struct changes_t {
  std::tuple<M...> list;
};

namespace detail {
template <class M>
constexpr auto as_tuple(const M& m) {
  return std::tuple<M>(m);
}
template <class... M>
constexpr auto as_tuple(const changes_t<M...>& c) {
  return c.list;
}
template <class... M>
constexpr changes_t<M...> changes_from(std::tuple<M...> t) {
  return {t};
}
}  // namespace detail

template <class... M>
constexpr auto changes(M... m) {
  return detail::changes_from(std::tuple_cat(detail::as_tuple(m)...));
}

/// The type renders exactly as in the default view, and so does everything inside it.
struct use_default_t {};
inline constexpr use_default_t use_default{};

// ---- representations ----------------------------------------------------------------------------------

/// An enum as its underlying number. Reading accepts only values the enum can hold.
struct enum_number_t {};
inline constexpr enum_number_t enum_number{};

/// A system_clock time point as a count of Period since 1970-01-01T00:00:00Z (rounded down when the time
/// point is finer). Reading fails with out_of_range when the count does not fit the time point.
template <class Period>
struct epoch_t {};
inline constexpr epoch_t<std::ratio<1>> epoch_seconds{};
inline constexpr epoch_t<std::milli> epoch_milliseconds{};

/// How representation Rep carries a V: `wire` is the type on the wire, `to` makes it from a V (returning wire
/// or result<wire>), `from` makes the V back (returning V or result<V>). `valid` is false when Rep cannot
/// carry a V.
template <class Rep, class V>
struct representation {
  static constexpr bool valid = false;
};

template <class S, class To, class From, class V>
struct representation<surrogate_t<S, To, From>, V> {
  static constexpr bool valid = std::is_invocable_v<const To&, const V&>;
  static constexpr bool readable = !std::is_same_v<From, std::nullptr_t>;
  using wire = S;
  static decltype(auto) to(const surrogate_t<S, To, From>& r, const V& v) { return std::invoke(r.to, v); }
  static decltype(auto) from(const surrogate_t<S, To, From>& r, S&& s) { return std::invoke(r.from, std::move(s)); }
};

template <class E>
  requires std::is_enum_v<E>
struct representation<enum_number_t, E> {
  static constexpr bool valid = true;
  static constexpr bool readable = true;
  using wire = std::underlying_type_t<E>;
  static wire to(enum_number_t, E v) noexcept { return static_cast<wire>(v); }
  static result<E> from(enum_number_t, wire v) {
    if (!detail::enum_value_allowed<E>(v))
      return error{error_code::unknown_enumerator, 0, 0, 0, "$",
                   "number " + std::to_string(v) + " is no enumerator of " + std::string(detail::type_name<E>())};
    return std::bit_cast<E>(v);
  }
};

template <class Period, class D>
struct representation<epoch_t<Period>, std::chrono::time_point<std::chrono::system_clock, D>> {
  using V = std::chrono::time_point<std::chrono::system_clock, D>;
  using unit = std::chrono::duration<std::int64_t, Period>;
  static constexpr bool valid = std::is_integral_v<typename D::rep>;
  static constexpr bool readable = true;
  using wire = std::int64_t;
  // D to unit multiplies by num/den (at least one of the two is 1 for the standard periods)
  using scale = std::ratio_divide<typename D::period, Period>;

  static result<wire> to(epoch_t<Period>, const V& v) {
    auto ticks = static_cast<std::int64_t>(v.time_since_epoch().count());
    if constexpr (scale::den == 1) {  // unit is finer: multiply, checked
      std::int64_t out;
      if (__builtin_mul_overflow(ticks, static_cast<std::int64_t>(scale::num), &out))
        return error{error_code::out_of_range, 0, 0, 0, "$", "time point out of range for its epoch count"};
      return out;
    } else {
      return std::chrono::floor<unit>(std::chrono::duration<std::int64_t, typename D::period>(ticks)).count();
    }
  }
  static result<V> from(epoch_t<Period>, wire count) {
    using rep = typename D::rep;
    auto fail = [] { return error{error_code::out_of_range, 0, 0, 0, "$", "epoch count out of range for this time point"}; };
    if constexpr (scale::num == 1 && scale::den != 1) {  // D is finer: multiply, checked
      rep ticks;
      if (__builtin_mul_overflow(count, static_cast<std::int64_t>(scale::den), &ticks)) return fail();
      return V(D(ticks));
    } else {
      auto ticks = std::chrono::floor<D>(unit(count)).count();
      if (ticks < std::numeric_limits<rep>::min() || ticks > std::numeric_limits<rep>::max()) return fail();
      return V(D(static_cast<rep>(ticks)));
    }
  }
};

namespace detail {
template <class D>
inline constexpr bool is_changes = false;
template <class... M>
inline constexpr bool is_changes<changes_t<M...>> = true;

template <class View, class T>
consteval auto find_view_entry() {
  if constexpr (std::is_same_v<View, default_view>) return changes_t<>{};
  else if constexpr (requires { prism_view(type_t<T>{}, View{}); }) return prism_view(type_t<T>{}, View{});
  else return changes_t<>{};
}

/// What view View says about T: changes_t<> when nothing.
template <class View, class T>
struct view_entry {
  static constexpr auto value = find_view_entry<View, T>();
};
}  // namespace detail

/// How a view treats a type.
enum class treatment : std::uint8_t {
  usual,         ///< by its kind; records by their view_record layout
  default_view,  ///< as in the default view, and everything inside it too
  represented,   ///< as another type (a representation)
};

namespace detail {
template <class View, class T>
consteval treatment treatment_in_view() {
  using E = std::remove_cvref_t<decltype(view_entry<View, T>::value)>;
  if constexpr (std::is_same_v<E, changes_t<>>) {
    return treatment::usual;
  } else if constexpr (detail::is_changes<E>) {
    static_assert(kind_of<T> == kind::record,
                  "prism: prism::changes lists the differences of a record; this type is not a record. A view "
                  "gives other types a representation (prism::as<S>(to, from), prism::enum_number...)");
    return treatment::usual;
  } else if constexpr (std::is_same_v<E, use_default_t>) {
    return treatment::default_view;
  } else {
    static_assert(representation<E, T>::valid,
                  "prism: a view's prism_view for this type must return prism::changes(...), prism::use_default, or a "
                  "representation that applies to the type (prism::as<S>(to, from), prism::enum_number for enums, "
                  "prism::epoch_seconds or epoch_milliseconds for system_clock time points)");
    return treatment::represented;
  }
}
}  // namespace detail

/// How View treats T.
template <class View, class T>
constexpr treatment treatment_of = [] {
  if constexpr (std::is_same_v<View, default_view>) return treatment::usual;  // spares the lookup
  else return detail::treatment_in_view<View, T>();
}();


/// The representation View gives T (treatment::represented).
template <class View, class T>
inline constexpr const auto& representation_of = detail::view_entry<View, T>::value;

// ---- records in a view --------------------------------------------------------------------------------

namespace detail {
enum class modifier_kind : std::uint8_t { rename, omit, represent, add };
struct modifier_info {
  modifier_kind what;
  std::string_view field;  ///< the declared field it changes; empty for added fields
  std::string_view name;   ///< the new name (rename) or the added field's name
  bool always = false;     ///< omit: always, not by a rule
};

template <class T, class M>
consteval modifier_info info_of(const M& m) {
  if constexpr (std::is_same_v<M, rename_t>) {
    return {modifier_kind::rename, m.field, m.name};
  } else if constexpr (requires { m.rule; }) {
    return {modifier_kind::omit, m.field, {}, std::is_same_v<decltype(m.rule), always_t>};
  } else if constexpr (requires { m.rep; }) {
    return {modifier_kind::represent, m.field, {}};
  } else if constexpr (requires { typename M::owner; m.getter; }) {
    static_assert(std::is_base_of_v<typename M::owner, T>,
                  "prism: a field added by prism::changes must be a field of the record it changes");
    return {modifier_kind::add, {}, m.name};
  } else {
    static_assert(sizeof(M) == 0,
                  "prism::changes takes prism::rename, prism::omit, prism::represent, nested prism::changes and "
                  "added fields (prism::computed<T>(name, f), or prism::field with a getter and a setter)");
    return {};
  }
}

/// What View changes in record T, as plain data.
template <class View, class T>
struct view_changes {
  static constexpr const auto& entry = view_entry<View, T>::value;
  static constexpr std::size_t declared = field_count_of<T>;
  static constexpr std::size_t npos = std::size_t(-1);
  static constexpr auto modifiers = []<std::size_t... K>(std::index_sequence<K...>) {
    return std::array<modifier_info, sizeof...(K)>{info_of<T>(std::get<K>(entry.list))...};
  }(std::make_index_sequence<std::tuple_size_v<std::remove_cvref_t<decltype(entry.list)>>>{});
  static constexpr auto declared_names = []<std::size_t... I>(std::index_sequence<I...>) {
    return std::array<std::string_view, sizeof...(I)>{field_name_of<T, I>...};
  }(std::make_index_sequence<declared>{});
};

/// The modifier of kind `what` that changes declared field i, or npos.
template <class View, class T>
constexpr std::size_t modifier_for(std::size_t i, modifier_kind what) {
  using C = view_changes<View, T>;
  for (std::size_t k = 0; k < C::modifiers.size(); ++k)
    if (C::modifiers[k].what == what && C::modifiers[k].field == C::declared_names[i]) return k;
  return C::npos;
}

template <class View, class T>
constexpr bool omitted_field(std::size_t i) {
  std::size_t k = modifier_for<View, T>(i, modifier_kind::omit);
  return k != view_changes<View, T>::npos && view_changes<View, T>::modifiers[k].always;
}

/// Every change names one declared field, and no field is changed twice the same way.
template <class View, class T>
constexpr bool changes_are_valid() {
  using C = view_changes<View, T>;
  for (const auto& m : C::modifiers) {
    if (m.what == modifier_kind::add) continue;
    std::size_t same = 0, matches = 0;
    for (const auto& o : C::modifiers) same += o.what == m.what && o.field == m.field;
    for (std::string_view n : C::declared_names) matches += n == m.field;
    if (same != 1 || matches != 1) return false;
  }
  return true;
}

template <class View, class T>
constexpr std::size_t slot_count() {
  using C = view_changes<View, T>;
  std::size_t n = 0;
  for (std::size_t i = 0; i < C::declared; ++i) n += !omitted_field<View, T>(i);
  for (const auto& m : C::modifiers) n += m.what == modifier_kind::add;
  return n;
}

template <class View, class T>
constexpr auto slot_sources() {
  using C = view_changes<View, T>;
  std::array<std::size_t, slot_count<View, T>()> s{};
  std::size_t n = 0;
  for (std::size_t i = 0; i < C::declared; ++i)
    if (!omitted_field<View, T>(i)) s[n++] = i;
  for (std::size_t k = 0; k < C::modifiers.size(); ++k)
    if (C::modifiers[k].what == modifier_kind::add) s[n++] = C::declared + k;
  return s;
}

/// Writes the name in View of the slot whose source is `source` into `out` (when not null); returns its length.
template <class View, class T>
constexpr std::size_t spell_slot(std::size_t source, char* out) {
  using C = view_changes<View, T>;
  std::string_view name;
  if (source < C::declared) {
    std::size_t k = modifier_for<View, T>(source, modifier_kind::rename);
    if (k != C::npos) {  // a rename is spelled exactly as given
      std::string_view literal = C::modifiers[k].name;
      for (std::size_t i = 0; out && i < literal.size(); ++i) out[i] = literal[i];
      return literal.size();
    }
    name = C::declared_names[source];
  } else {
    name = C::modifiers[source - C::declared].name;
  }
  return apply_naming(name, View::naming, out);
}
}  // namespace detail

/// Record T as View renders it: its slots (the fields written and read, in order: the declared fields the
/// view keeps, then the fields it adds), each slot's name in the view, and where each slot's value comes from.
template <class View, class T>
struct view_record : detail::view_changes<View, T> {
  using base = detail::view_changes<View, T>;
  using base::declared;
  using base::entry;
  using base::npos;

  static_assert(detail::changes_are_valid<View, T>(),
                "prism: a view's prism::changes names a field this record does not have, or changes one field twice "
                "the same way (fields are named as declared or described, before any naming policy)");

  /// Number of slots.
  static constexpr std::size_t size = detail::slot_count<View, T>();
  /// Slots [0, kept) are the declared fields the view keeps; slots [kept, size) the fields it adds.
  static constexpr std::size_t kept = [] {
    std::size_t n = 0;
    for (std::size_t s : detail::slot_sources<View, T>()) n += s < declared;
    return n;
  }();
  /// Slot s holds declared field source[s] when that is below `declared`, else the field added by modifier
  /// source[s] - declared.
  static constexpr auto source = detail::slot_sources<View, T>();

 private:
  static constexpr auto offsets = [] {
    std::array<std::size_t, size + 1> o{};
    for (std::size_t s = 0; s < size; ++s) o[s + 1] = o[s] + detail::spell_slot<View, T>(source[s], nullptr);
    return o;
  }();
  static constexpr auto text = [] {
    std::array<char, offsets[size] + 1> t{};
    for (std::size_t s = 0; s < size; ++s) detail::spell_slot<View, T>(source[s], t.data() + offsets[s]);
    return t;
  }();

 public:
  /// The name of each slot in this view.
  static constexpr auto names = [] {
    std::array<std::string_view, size> n{};
    for (std::size_t s = 0; s < size; ++s) n[s] = std::string_view(text.data() + offsets[s], offsets[s + 1] - offsets[s]);
    return n;
  }();

  static_assert([] {
    for (std::size_t a = 0; a < size; ++a)
      for (std::size_t b = a + 1; b < size; ++b)
        if (names[a] == names[b]) return false;
    return true;
  }(), "prism: two fields of this record have the same name in this view (after renames and the naming policy)");

  /// The slot of declared field i, or npos when the view omits it.
  static constexpr std::size_t slot_of(std::size_t i) {
    for (std::size_t s = 0; s < size; ++s)
      if (source[s] == i) return s;
    return npos;
  }
  /// The modifier that changes slot s's representation, or npos.
  static constexpr std::size_t represent_modifier(std::size_t s) {
    return source[s] < declared ? detail::modifier_for<View, T>(source[s], detail::modifier_kind::represent) : npos;
  }
  /// The modifier that gives slot s its own omission rule, or npos.
  static constexpr std::size_t omit_modifier(std::size_t s) {
    return source[s] < declared ? detail::modifier_for<View, T>(source[s], detail::modifier_kind::omit) : npos;
  }
};

namespace detail {
/// The rule deciding whether slot S of record T is omitted in View: its own, else the view's.
template <class View, class T, std::size_t S>
constexpr const auto& omit_rule() {
  using L = view_record<View, T>;
  if constexpr (L::omit_modifier(S) != L::npos) return std::get<L::omit_modifier(S)>(L::entry.list).rule;
  else return View::omit;
}

/// A default-constructed T, made once: what when_default compares with.
template <class T>
const T& default_object() {
  static_assert(std::is_default_constructible_v<T>,
                "prism::when_default compares a field with its value in a default-constructed owner, and this "
                "record cannot be default-constructed");
  static const T object{};
  return object;
}

template <class V>
constexpr bool is_empty_value(const V& v) {
  constexpr kind k = kind_of<V>;
  if constexpr (may_be_null<V>) {
    if (is_null(v)) return true;
  }
  if constexpr (k == kind::string || k == kind::bytes) return adapter<V>::view(v).empty();
  else if constexpr (k == kind::sequence || k == kind::map) return std::begin(v) == std::end(v);
  else return false;
}

template <class V>
inline constexpr bool may_be_empty = may_be_null<V> || kind_of<V> == kind::string || kind_of<V> == kind::bytes ||
                                     kind_of<V> == kind::sequence || kind_of<V> == kind::map;

/// Whether slot S of `obj`, holding `value`, is left out. `own` is true when the field states the rule
/// itself: then the rule must apply to the field's type; a view-wide rule applies where it can.
template <class View, class T, std::size_t S, class V>
constexpr bool omitted_now(const T& obj, const V& value) {
  using L = view_record<View, T>;
  constexpr bool own = L::omit_modifier(S) != L::npos;
  const auto& rule = omit_rule<View, T, S>();
  using R = std::remove_cvref_t<decltype(rule)>;
  if constexpr (std::is_same_v<R, never_t>) {
    return false;
  } else if constexpr (std::is_same_v<R, when_null_t>) {
    static_assert(!own || may_be_null<V>, "prism::when_null applies to optionals, pointers and C strings only");
    if constexpr (may_be_null<V>) return is_null(value);
    else return false;
  } else if constexpr (std::is_same_v<R, when_empty_t>) {
    static_assert(!own || may_be_empty<V>,
                  "prism::when_empty applies to optionals, pointers, strings, byte strings, sequences and maps only");
    return is_empty_value(value);
  } else if constexpr (std::is_same_v<R, when_default_t>) {
    constexpr bool comparable = requires { value == value; };
    static_assert(!own || comparable, "prism::when_default needs a field type with operator==");
    if constexpr (comparable) {
      const T& d = default_object<T>();
      if constexpr (L::source[S] < L::declared) return value == get_field<L::source[S]>(d);
      else return value == std::get<L::source[S] - L::declared>(L::entry.list).get(d);
    } else {
      return false;
    }
  } else {
    static_assert(std::is_invocable_r_v<bool, decltype(rule.pred), const T&>,
                  "prism::when(pred): pred must take the record (const T&) and return bool");
    return std::invoke(rule.pred, obj);
  }
}
}  // namespace detail

}  // namespace prism
