// prism: the closed vocabulary every format understands. A type maps to exactly one kind; formats
// implement each kind once, and std/ adapters map standard types onto kinds. N types + M formats.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>

#include "describe.hpp"
#include "reflect.hpp"

namespace prism {

enum class kind : std::uint8_t {
  none,         ///< not describable
  null,         ///< std::nullptr_t, std::monostate
  boolean,      ///< bool
  integer,      ///< every integer type but bool and char
  floating,     ///< float, double
  character,    ///< char
  string,       ///< text: std::string, std::string_view, const char*, char[N], short_string<N>
  bytes,        ///< binary blobs: std::vector<std::byte>, std::array<std::byte, N>, std::span<const std::byte>
  enumeration,  ///< enums: a name or a number
  timestamp,    ///< a point in time (std::chrono::system_clock time points)
  duration,     ///< a length of time (std::chrono::duration)
  optional,     ///< a value or nothing (std::optional)
  pointer,      ///< an owning pointer: a value or null (std::unique_ptr, std::shared_ptr)
  variant,      ///< one of several alternatives (std::variant)
  tuple,        ///< a fixed list of values of different types (std::pair, std::tuple)
  sequence,     ///< a list of values of one type (vector, deque, list, set, std::array, C arrays...)
  map,          ///< keys to values (std::map, std::unordered_map...)
  record,       ///< named fields: aggregates, or types with a prism_describe fields description
  surrogate,    ///< travels as another type (prism::as)
  dynamic,      ///< any value of the JSON data model, its shape known only at run time (json::value)
};

/// kind::dynamic: a value whose shape is known only at run time (json::value). A format other than its own sees one
/// through adapter<T>::visit(v, f), which calls f with exactly one of: std::nullptr_t, bool, std::int64_t,
/// std::uint64_t, double, dynamic_number, std::string_view, dynamic_array<T> or dynamic_object<M>; and makes one with
/// adapter<T>'s make functions (make(out, x) for those scalars and float, make_number, make_string, make_array and
/// add_element, make_object and add_member).
struct dynamic_number {
  std::string_view text;  ///< a number as a document wrote it ("1.50", "1e400"): valid JSON number syntax
};
template <class E>
struct dynamic_array {
  std::span<const E> elements;
};
template <class M>
struct dynamic_object {
  std::span<const M> members;  ///< each with key() (a std::string_view) and value() (a kind::dynamic value)
};

/// std/ headers specialize adapter<T> for standard types: `static constexpr prism::kind category = ...;` plus the
/// accessors that kind needs (see std/*.hpp). Specialize it for your own container templates too.
template <class T>
struct adapter;

namespace detail {
template <class T>
concept has_adapter = requires { adapter<T>::category; };

template <class T>
consteval kind kind_of_impl() {
  if constexpr (has_description<T>) {
    using D = std::remove_cvref_t<decltype(description_holder<T>::value)>;
    if constexpr (is_fields<D>) return kind::record;
    else if constexpr (is_surrogate<D>) return kind::surrogate;
    else return kind::none;
  } else if constexpr (has_adapter<T>) {
    return adapter<T>::category;
  } else if constexpr (std::is_same_v<T, bool>) {
    return kind::boolean;
  } else if constexpr (std::is_same_v<T, char>) {
    return kind::character;
  } else if constexpr (std::is_integral_v<T>) {
    return kind::integer;
  } else if constexpr (std::is_floating_point_v<T>) {
    return (std::is_same_v<T, float> || std::is_same_v<T, double>) ? kind::floating : kind::none;
  } else if constexpr (std::is_enum_v<T>) {
    return kind::enumeration;
  } else if constexpr (std::is_null_pointer_v<T>) {
    return kind::null;
  } else if constexpr (std::is_class_v<T> && std::is_aggregate_v<T>) {
    return field_count<T> <= max_reflected_fields ? kind::record : kind::none;  // past it: not_describable's error
  } else {
    return kind::none;
  }
}
}  // namespace detail

/// The kind of T (cv and references ignored).
template <class T>
inline constexpr kind kind_of = detail::kind_of_impl<std::remove_cvref_t<T>>();

/// Emits the one readable error for a type prism cannot describe; the type is named in the
/// "In instantiation of 'prism::not_describable<T>'" line right above the message.
template <class T>
struct not_describable {
  static_assert(sizeof(T) == 0,
                "prism cannot serialize this type. Make it an aggregate (at most 128 public fields, no "
                "constructors), describe it with `constexpr auto prism_describe(prism::type_t<T>)` in its "
                "namespace, or give it a surrogate with prism::as<S>(to, from). See docs/data-model.md.");
  static constexpr bool value = false;
};
template <class T>
struct not_describable<T*> {
  static_assert(sizeof(T) == 0,
                "prism cannot serialize this type: a raw pointer owns nothing, so a reader could not know what to do "
                "with one. Hold the object by value, or by std::unique_ptr, std::shared_ptr or std::weak_ptr.");
  static constexpr bool value = false;
};

namespace detail {
/// The direct parts of T a reader makes (a container's elements, a map's keys and values, an optional's or a
/// pointer's value), as a std::tuple of their types.
template <class T, class A = adapter<T>>
constexpr auto parts_of() {
  constexpr kind k = kind_of<T>;
  if constexpr (k == kind::map && requires { typename A::key_type; typename A::mapped_type; }) {
    return static_cast<std::tuple<typename A::key_type, typename A::mapped_type>*>(nullptr);
  } else if constexpr (k == kind::sequence && requires { typename T::value_type; }) {
    return static_cast<std::tuple<typename T::value_type>*>(nullptr);  // bool, not vector<bool>'s proxy reference
  } else if constexpr ((k == kind::sequence || k == kind::optional || k == kind::pointer) &&
                       requires { typename A::value_type; }) {
    return static_cast<std::tuple<typename A::value_type>*>(nullptr);
  } else {
    return static_cast<std::tuple<>*>(nullptr);
  }
}

/// Whether each direct part of T that a reader makes has a kind. Readers check it before making a part and, where it
/// fails, stop with not_describable's one error for the part (describable_or_stop), rather than go on to the errors
/// of constructing a type prism knows nothing of.
template <class T>
inline constexpr bool parts_describable = []<class... P>(std::tuple<P...>*) {
  return ((kind_of<P> != kind::none) && ...);
}(parts_of<std::remove_cvref_t<T>>());

template <class P>
void stop_if_not_describable() {
  if constexpr (kind_of<P> == kind::none) (void)not_describable<P>::value;
}

/// Gives not_describable's error for each direct part of T that has no kind (see parts_describable).
template <class T>
void describable_or_stop() {
  []<class... P>(std::tuple<P...>*) { (stop_if_not_describable<P>(), ...); }(parts_of<std::remove_cvref_t<T>>());
}
}  // namespace detail

// ---- records: one way to visit fields, whether reflected or described --------------------------

namespace detail {
template <class T, std::size_t I>
consteval std::string_view field_name() {
  if constexpr (has_description<T>) return std::get<I>(description_holder<T>::value.list).name;
  else return field_names<T>[I];
}

template <class T>
consteval std::size_t record_size() {
  if constexpr (has_description<T>) return std::tuple_size_v<decltype(description_holder<T>::value.list)>;
  else return field_count<T>;
}
}  // namespace detail

/// Number of fields of a record type.
template <class T>
inline constexpr std::size_t field_count_of = detail::record_size<T>();

/// Name of field I of record type T, a constant.
template <class T, std::size_t I>
inline constexpr std::string_view field_name_of = detail::field_name<T, I>();

namespace detail {
/// The type of field I of record T (a getter's result type for properties).
template <class T, std::size_t I>
struct field_type {
  using type = std::remove_cvref_t<decltype(member<I>(std::declval<T&>()))>;
};
template <class T, std::size_t I>
  requires has_description<T>
struct field_type<T, I> {
  using field = std::remove_cvref_t<decltype(std::get<I>(description_holder<T>::value.list))>;
  using type = typename field::value_type;
};
}  // namespace detail

/// The type of field I of record T.
template <class T, std::size_t I>
using field_type_of = typename detail::field_type<T, I>::type;

/// The value of field I of record `obj`: a reference for data members and aggregates, the getter's result
/// for properties.
template <std::size_t I, class T>
constexpr decltype(auto) get_field(const T& obj) {
  if constexpr (detail::has_description<T>) return std::get<I>(description<T>.list).get(obj);
  else return detail::member<I>(obj);
}

/// Calls f(std::integral_constant<std::size_t, I>{}, value) for each field of record `obj` in order;
/// stops early when f returns false. `value` is a reference for data members and aggregates and the
/// getter's result for properties. Returns false when stopped.
template <class T, class F>
constexpr bool for_each_field(const T& obj, F&& f) {
  if constexpr (detail::has_description<T>) {
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return (f(std::integral_constant<std::size_t, I>{}, std::get<I>(description<T>.list).get(obj)) && ...);
    }(std::make_index_sequence<field_count_of<T>>{});
  } else {
    return detail::visit_members(obj, [&](const auto&... m) {
      return [&]<std::size_t... I>(std::index_sequence<I...>) {
        return (f(std::integral_constant<std::size_t, I>{}, m) && ...);
      }(std::make_index_sequence<sizeof...(m)>{});
    });
  }
}

namespace detail {
/// The length of a fixed-size sequence (std::array, C arrays), or max() for growable ones.
template <class T>
inline constexpr std::size_t fixed_extent = std::size_t(-1);
template <class T, std::size_t N>
inline constexpr std::size_t fixed_extent<T[N]> = N;
template <class T, std::size_t N>
inline constexpr std::size_t fixed_extent<std::array<T, N>> = N;

/// Whether field I of record T is only written (a property without a setter: a computed field): readers skip it.
template <class T, std::size_t I>
consteval bool written_only() {
  if constexpr (has_description<T>) {
    using F = std::remove_cvref_t<decltype(std::get<I>(description_holder<T>::value.list))>;
    if constexpr (requires { std::declval<F>().setter; })
      return std::is_same_v<std::remove_cvref_t<decltype(std::declval<F>().setter)>, std::nullptr_t>;
  }
  return false;
}

template <class T, class... Seen>
consteval bool holds_views();

template <class... Seen, template <class...> class L, class... A>
consteval bool any_holds_views(L<A...>*) {
  return (holds_views<A, Seen...>() || ...);
}

/// See borrows_input. `Seen` are the types being looked into: a type met again inside itself adds nothing.
template <class T, class... Seen>
consteval bool holds_views() {
  constexpr kind k = kind_of<T>;
  if constexpr ((std::is_same_v<T, Seen> || ...)) {
    return false;
  } else if constexpr (std::is_array_v<T>) {
    return holds_views<std::remove_all_extents_t<T>, Seen...>();
  } else if constexpr (k == kind::string) {
    return requires { adapter<T>::views_text; };
  } else if constexpr (k == kind::variant || k == kind::tuple) {
    return any_holds_views<T, Seen...>(static_cast<T*>(nullptr));
  } else if constexpr (k == kind::record) {
    return []<std::size_t... I>(std::index_sequence<I...>) {
      return ((!written_only<T, I>() && holds_views<field_type_of<T, I>, T, Seen...>()) || ...);
    }(std::make_index_sequence<field_count_of<T>>{});
  } else if constexpr (k == kind::surrogate) {
    return holds_views<typename std::remove_cvref_t<decltype(description_holder<T>::value)>::surrogate_type, T, Seen...>();
  } else {
    return any_holds_views<T, Seen...>(parts_of<T>());
  }
}
}  // namespace detail

/// Whether a T read from a document may point into the document's text: it holds a std::string_view or a
/// const char* (a string whose adapter views_text) somewhere, in a field, an element, a key, an alternative. The
/// readers refuse to read such a T from input that is gone when they return (a stream, a temporary string) unless
/// its text goes to a prism::string_pool.
template <class T>
inline constexpr bool borrows_input = detail::holds_views<std::remove_cvref_t<T>>();

namespace detail {
/// Types whose values may be null: optionals, pointers, and strings whose adapter says so (C strings).
template <class T>
inline constexpr bool may_be_null = kind_of<T> == kind::optional || kind_of<T> == kind::pointer ||
                                    requires { adapter<T>::nullable; };

/// The name of a variant alternative, which tags it in JSON and the binary format: the type's own name for user
/// types, a fixed word otherwise.
template <class T>
consteval std::string_view alternative_name() {
  constexpr kind k = kind_of<T>;
  if constexpr (k == kind::record || k == kind::enumeration || k == kind::surrogate) {
    return type_name<T>();
  } else if constexpr (k == kind::integer) {
    constexpr std::string_view s[] = {"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"};
    constexpr int bytes_log2 = sizeof(T) == 1 ? 0 : sizeof(T) == 2 ? 1 : sizeof(T) == 4 ? 2 : 3;
    return s[(std::is_signed_v<T> ? 0 : 4) + bytes_log2];
  } else if constexpr (k == kind::floating) {
    return sizeof(T) == 4 ? "float" : "double";
  } else if constexpr (k == kind::pointer || k == kind::optional) {
    return alternative_name<typename adapter<T>::value_type>();
  } else {
    constexpr std::string_view words[] = {"none",      "null",     "bool",     "int",      "float",  "char",
                                          "string",    "bytes",    "enum",     "timestamp", "duration", "optional",
                                          "pointer",   "variant",  "tuple",    "array",    "object", "record",
                                          "surrogate"};
    return words[static_cast<int>(k)];
  }
}

template <class... T>
consteval bool distinct_alternative_names() {
  std::string_view n[] = {alternative_name<T>()...};
  for (std::size_t i = 0; i < sizeof...(T); ++i)
    for (std::size_t j = i + 1; j < sizeof...(T); ++j)
      if (n[i] == n[j] && n[i] != "null") return false;
  return true;
}

/// True when a value that may be null holds nothing: an empty optional, a null pointer or C string.
template <class T>
  requires may_be_null<T>
constexpr bool is_null(const T& v) {
  if constexpr (kind_of<T> == kind::string) return v == nullptr;
  else return adapter<T>::get(v) == nullptr;
}
}  // namespace detail

}  // namespace prism
