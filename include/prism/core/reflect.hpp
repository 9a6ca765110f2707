// prism: compile-time reflection of aggregates (field count, field names, member access), enum names and
// type names. No macro and no registration: the compiler's own spelling of a template argument
// (__PRETTY_FUNCTION__) names things, which needs g++ 12 or clang 16 or later.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>

#include "detail/visit_members.hpp"

namespace prism {

/// The range of values searched for enumerator names, per enum. The default covers [-128, 127] for signed
/// and [0, 255] for unsigned underlying types; widen it for enums with larger values:
///   template <> struct prism::enum_range<http_status> { static constexpr long long min = 100, max = 599; };
/// Each value in the range costs one template instantiation at compile time.
template <class E>
struct enum_range {
  static constexpr long long min = std::is_signed_v<std::underlying_type_t<E>> ? -128 : 0;
  static constexpr long long max = std::is_signed_v<std::underlying_type_t<E>> ? 127 : 255;
};

namespace detail {

// ---- reading the compiler's spelling -----------------------------------------------------------------

/// "...[with auto V = app::color::red]" (g++) or "...[V = app::color::red]" (clang): the part after '='.
/// The functions return `auto` so g++ appends no "; std::string_view = ..." typedef note.
consteval std::string_view spelled_argument(std::string_view pretty) {
  std::size_t open = pretty.find('[');
  std::size_t eq = pretty.find(" = ", open);
  std::size_t close = pretty.rfind(']');
  return pretty.substr(eq + 3, close - eq - 3);
}

template <auto V>
consteval auto spelling_of_value() {
  return spelled_argument(__PRETTY_FUNCTION__);
}
template <class T>
consteval auto spelling_of_type() {
  return spelled_argument(__PRETTY_FUNCTION__);
}

constexpr bool is_identifier_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/// The identifier that ends `s`, after any closing parentheses: "(& x.app::point::y)" gives "y".
consteval std::string_view trailing_identifier(std::string_view s) {
  while (!s.empty() && s.back() == ')') s.remove_suffix(1);
  std::size_t b = s.size();
  while (b != 0 && is_identifier_char(s[b - 1])) --b;
  return s.substr(b);
}

// ---- aggregates: field count ----------------------------------------------------------------------------

/// Converts to any field type; only ever named in unevaluated brace-initialization tests.
struct any_field {
  template <class U>
  operator U() const noexcept;
};

template <class T, std::size_t N>
concept brace_initializable_with = requires {
  []<std::size_t... I>(std::index_sequence<I...>) -> decltype(T{(void(I), any_field{})...}) {
    return {};
  }(std::make_index_sequence<N>{});
};

/// T{x1, ..., xI, {}, y1, ..., yJ}: the empty braces value-initialize one whole member (a C array too), where a bare x
/// would be spread by brace elision over an array's elements. Empty rather than {x}: a container member would take
/// {x} as an initializer_list of one element, whose copy clang instantiates.
template <class T, std::size_t I, std::size_t J>
concept whole_member_at = requires {
  []<std::size_t... A, std::size_t... B>(std::index_sequence<A...>, std::index_sequence<B...>)
      -> decltype(T{(void(A), any_field{})..., {}, (void(B), any_field{})...}) {
    return {};
  }(std::make_index_sequence<I>{}, std::make_index_sequence<J>{});
};

/// The most initializers searched for: C array members take one each of their elements (int xs[8] takes 8).
inline constexpr std::size_t max_initializers = 4096;

/// The largest N in [Lo, Hi) for which Fits<N> holds, Fits<Lo> known to hold: a binary search.
template <std::size_t Lo, std::size_t Hi, class Fits>
consteval std::size_t largest_fitting(Fits) {
  if constexpr (Hi - Lo <= 1) {
    return Lo;
  } else {
    constexpr std::size_t mid = Lo + (Hi - Lo) / 2;
    if constexpr (Fits{}(std::integral_constant<std::size_t, mid>{})) return largest_fitting<mid, Hi>(Fits{});
    else return largest_fitting<Lo, mid>(Fits{});
  }
}

/// The most initializers T{x1, ..., xN} takes, by brace elision one per element of a C array member: doubling N
/// until it fails, then a binary search, so a 10-field struct costs about five trial initializations.
template <class T, std::size_t N = 16>
consteval std::size_t count_initializers() {
  if constexpr (N <= max_initializers && brace_initializable_with<T, N>) {
    return count_initializers<T, N * 2>();
  } else {
    return largest_fitting<N == 16 ? 0 : N / 2, std::min(N, max_initializers + 1)>(
        []<std::size_t M>(std::integral_constant<std::size_t, M>) { return brace_initializable_with<T, M>; });
  }
}

/// How many of the F initializers the member at initializer I takes: 1 when the rest still fit after it as a whole,
/// else (a C array) the most that fit after it tell its elements' count. A member that {} cannot initialize (a
/// reference, a class without a default constructor) is no array: 1.
template <class T, std::size_t F, std::size_t I>
consteval std::size_t member_span() {
  if constexpr (whole_member_at<T, I, F - I - 1> || !whole_member_at<T, I, 0>) {
    return 1;
  } else {
    return F - I - largest_fitting<0, F - I>([]<std::size_t J>(std::integral_constant<std::size_t, J>) {
             return whole_member_at<T, I, J>;
           });
  }
}

template <class T, std::size_t F, std::size_t I = 0, std::size_t N = 0>
consteval std::size_t count_members_by_span() {
  if constexpr (I >= F) return N;
  else return count_members_by_span<T, F, I + member_span<T, F, I>(), N + 1>();
}

/// An aggregate's field count: the initializers it takes, less those a C array member spreads over, found member by
/// member (one trial each, and a binary search for each array). A base class still counts as a field: such types
/// need a description.
template <class T>
consteval std::size_t count_fields() {
  return count_members_by_span<T, count_initializers<T>()>();
}

/// Number of fields of aggregate T.
template <class T>
inline constexpr std::size_t field_count = count_fields<T>();

/// Calls f(field0, field1, ...) with references to the fields of aggregate `obj`.
template <class T, class F>
constexpr decltype(auto) visit_members(T&& obj, F&& f) {
  return visit_members_n<field_count<std::remove_cvref_t<T>>>(obj, f);
}

/// Every member as one tuple of references. One visitor for every index, so reaching each field of a record
/// instantiates its N-way structured binding once, not once per field (a visitor per index made a 128-field
/// record's round trip take 2 GB and 30 s to compile at -O0).
struct tie_members {
  template <class... M>
  constexpr std::tuple<M&...> operator()(M&... m) const {
    return {m...};
  }
};

/// Member I of aggregate `obj`, as a reference with obj's constness.
template <std::size_t I, class T>
constexpr auto& member(T& obj) {
  return std::get<I>(visit_members(obj, tie_members{}));
}

// ---- aggregates: field names ------------------------------------------------------------------------------

/// Declared, never defined: field names come from pointers to the fields of this object, which only the
/// compiler ever looks at.
template <class T>
struct external_holder {
  T value;
};
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wundefined-var-template"
#pragma clang diagnostic ignored "-Wundefined-internal"
#endif
template <class T>
extern const external_holder<T> external;

/// A pointer to field I of the never-defined object, wrapped so it can be a template argument.
template <class T>
struct field_pointer {
  const T* ptr;
};

/// Pointers to every field of the never-defined object: one instantiation per type. A function, not a
/// variable, so no object referring to the undefined one is ever emitted.
template <class T>
consteval auto field_pointers() {
  return visit_members_n<field_count<T>>(external<T>.value, [](const auto&... m) {
    return std::tuple<field_pointer<std::remove_cvref_t<decltype(m)>>...>{{&m}...};
  });
}
#if defined(__clang__)
#pragma clang diagnostic pop
#endif

template <auto Pointer>
consteval std::string_view field_name_from_pointer() {
  return trailing_identifier(spelling_of_value<Pointer.ptr>());
}

/// Names of the fields of aggregate T, in declaration order.
template <class T>
inline constexpr auto field_names = []<std::size_t... I>(std::index_sequence<I...>) {
  return std::array<std::string_view, sizeof...(I)>{field_name_from_pointer<std::get<I>(field_pointers<T>())>()...};
}(std::make_index_sequence<field_count<T>>{});

/// Name of a data member from a pointer to it: member_name<&account::id_>() is "id_".
template <auto Ptr>
consteval std::string_view member_name() {
  return trailing_identifier(spelling_of_value<Ptr>());
}

// ---- type names -----------------------------------------------------------------------------------------

/// T's name without its namespaces: "point" for app::point, "box<int>" for app::box<int>.
template <class T>
consteval std::string_view type_name() {
  std::string_view s = spelling_of_type<T>();
  std::size_t template_args = s.find('<');
  std::size_t scope = s.substr(0, template_args).rfind("::");
  return scope == std::string_view::npos ? s : s.substr(scope + 2);
}

// ---- enum names ----------------------------------------------------------------------------------------

/// The enum value with underlying value V. A bit_cast, not a static_cast: an enum without a fixed
/// underlying type may not static_cast values beyond its enumerators' bit range in a constant expression.
template <class E, long long V>
inline constexpr E enum_value = std::bit_cast<E>(static_cast<std::underlying_type_t<E>>(V));

template <class E, long long V>
consteval std::string_view enumerator_name() {
  // "app::color::red" for a named value, "(app::color)7" for an unnamed one
  std::string_view name = trailing_identifier(spelling_of_value<enum_value<E, V>>());
  if (name.empty() || (name.front() >= '0' && name.front() <= '9')) return {};
  return name;
}

template <class E>
struct enum_names {
  static constexpr long long min = enum_range<E>::min;
  static constexpr long long max = enum_range<E>::max;
  static_assert(min <= max, "prism::enum_range: min must not exceed max");
  static constexpr auto table = []<std::size_t... I>(std::index_sequence<I...>) {
    return std::array<std::string_view, sizeof...(I)>{enumerator_name<E, min + static_cast<long long>(I)>()...};
  }(std::make_index_sequence<static_cast<std::size_t>(max - min + 1)>{});
};

/// The enumerator's name, or an empty view for a value with no name within enum_range<E>.
template <class E>
constexpr std::string_view enum_name(E v) noexcept {
  using names = enum_names<E>;
  auto i = static_cast<long long>(v);
  if (i < names::min || i > names::max) return {};
  return names::table[static_cast<std::size_t>(i - names::min)];
}

/// Whether v is one of E's enumerators, when prism finds any within enum_range<E>; true when it finds none, since it
/// then cannot tell.
template <class E>
constexpr bool enum_value_named(E v) noexcept {
  constexpr bool any = [] {
    for (std::string_view name : enum_names<E>::table)
      if (!name.empty()) return true;
    return false;
  }();
  return !any || !enum_name(v).empty();
}

/// Whether E has a fixed underlying type (every enum class, and `enum e : int`): then it may hold any value of it.
template <class E>
inline constexpr bool enum_fixed = requires { E{std::underlying_type_t<E>{}}; };

/// The values an enum without a fixed underlying type may hold: the smallest bit-field that holds all its
/// enumerators ([expr.static.cast]), [0, 2^M - 1] when none is negative, [-2^M, 2^M - 1] otherwise; enumerators are
/// those within enum_range<E>.
template <class E>
consteval std::pair<long long, long long> enum_bit_field_bounds() {
  using names = enum_names<E>;
  long long lo = 0, hi = 0;
  for (std::size_t i = 0; i < names::table.size(); ++i) {
    if (names::table[i].empty()) continue;
    long long value = names::min + static_cast<long long>(i);
    lo = std::min(lo, value);
    hi = std::max(hi, value);
  }
  long long magnitude = 1;  // 2^M: the smallest power of two above every enumerator's magnitude
  while (magnitude <= hi || magnitude < -lo) magnitude *= 2;
  return {lo < 0 ? -magnitude : 0, magnitude - 1};
}

/// Whether an enum may hold v: any value of its underlying type when that is fixed, else enum_bit_field_bounds.
template <class E>
bool enum_value_allowed(std::underlying_type_t<E> v) {
  if constexpr (enum_fixed<E>) {
    return true;
  } else {
    constexpr auto bounds = enum_bit_field_bounds<E>();
    auto i = static_cast<long long>(v);
    return i >= bounds.first && i <= bounds.second;
  }
}

}  // namespace detail
}  // namespace prism
