// prism: how a type describes itself. One mechanism: a constexpr function `prism_describe(prism::type_t<T>)`
// found by argument-dependent lookup, so it can sit beside the type in its own namespace, be a friend
// inside the class (the intrusive one-liner), or, for a type you do not own, live in namespace prism.
//
//   namespace app {
//   class Account {                                     // private members, intrusive one-liner:
//     std::string id_; long cents_;
//     friend constexpr auto prism_describe(prism::type_t<Account>) { return prism::members<&Account::id_, &Account::cents_>(); }
//   };
//   constexpr auto prism_describe(prism::type_t<Point>) {  // non-intrusive, public getters and setters
//     return prism::fields(prism::field("x", &Point::x, &Point::set_x), prism::field("y", &Point::y, &Point::set_y));
//   }
//   constexpr auto prism_describe(prism::type_t<Date>) {   // a surrogate: Date travels as a short string
//     return prism::as<prism::short_string<10>>(&to_text, &from_text);
//   }
//   }
// Aggregates need no description at all (see reflect.hpp); a description, when present, wins.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>

#include "reflect.hpp"

namespace prism {

/// Names a type in a description's signature: `prism_describe(prism::type_t<T>)`.
template <class T>
struct type_t {
  using type = T;
};
template <class T>
inline constexpr type_t<T> type{};

/// A record field backed by a data member.
template <class C, class M>
struct member_field {
  using owner = C;
  using value_type = M;
  std::string_view name;
  M C::*ptr;
  bool is_required = false;  ///< readers fail with missing_field when it is absent
  std::uint32_t stable_id = 0;  ///< binary field id; 0: its position in the description (see docs/binary-format.md)

  constexpr const M& get(const C& c) const noexcept { return c.*ptr; }
  constexpr M& ref(C& c) const noexcept { return c.*ptr; }
  /// This field, which readers require: `prism::field("id", &User::id).required()`.
  constexpr member_field required() const noexcept {
    member_field f = *this;
    f.is_required = true;
    return f;
  }
  /// This field with binary field id n (at least 1), instead of its position: `prism::field("x", &P::x).id(9)`.
  constexpr member_field id(std::uint32_t n) const noexcept {
    member_field f = *this;
    f.stable_id = n;
    return f;
  }
};

/// A record field read through a getter and, when Set is not std::nullptr_t, written through a setter.
/// Getter: a member function `V (C::*)() const` or any callable `V(const C&)`; the latter makes computed
/// fields. Setter: `void (C::*)(V)` or any callable `void(C&, V)`.
template <class C, class Get, class Set>
struct property_field {
  using owner = C;
  using value_type = std::remove_cvref_t<std::invoke_result_t<const Get&, const C&>>;
  std::string_view name;
  Get getter;
  Set setter;
  bool is_required = false;  ///< readers fail with missing_field when it is absent
  std::uint32_t stable_id = 0;  ///< binary field id; 0: its position in the description

  constexpr decltype(auto) get(const C& c) const { return std::invoke(getter, c); }
  /// This field, which readers require.
  constexpr property_field required() const noexcept {
    property_field f = *this;
    f.is_required = true;
    return f;
  }
  /// This field with binary field id n (at least 1), instead of its position.
  constexpr property_field id(std::uint32_t n) const noexcept {
    property_field f = *this;
    f.stable_id = n;
    return f;
  }
};

namespace detail {
template <class F>
struct member_pointer_class;
template <class C, class M>
struct member_pointer_class<M C::*> {
  using type = C;
};
}  // namespace detail

/// A data member with an explicit name: `prism::field("id", &Account::id_)`.
template <class C, class M>
  requires(!std::is_function_v<M>)
constexpr member_field<C, M> field(std::string_view name, M C::*ptr) noexcept {
  return {name, ptr, false, 0};
}

/// A data member named after itself: `prism::field<&Account::id_>()` is named "id_".
template <auto Ptr>
constexpr auto field() noexcept {
  return field(detail::member_name<Ptr>(), Ptr);
}

/// A getter and a setter: `prism::field("x", &Point::x, &Point::set_x)`.
template <class Get, class Set>
constexpr auto field(std::string_view name, Get get, Set set) noexcept {
  using C = typename detail::member_pointer_class<Get>::type;
  return property_field<C, Get, Set>{name, get, set, false, 0};
}

/// A read-write property from callables taking the object, for fields a view adds:
///   prism::field<Account>("balance", [](const Account& a) { return a.cents() / 100.0; },
///                                    [](Account& a, double v) { a.set_cents(std::lround(v * 100)); })
template <class C, class Get, class Set>
  requires std::is_invocable_v<const Get&, const C&> && std::is_invocable_v<const Set&, C&,
                                                                          std::invoke_result_t<const Get&, const C&>>
constexpr auto field(std::string_view name, Get get, Set set) noexcept {
  return property_field<C, Get, Set>{name, get, set, false, 0};
}

/// A read-only field from a getter member function: `prism::field("area", &Shape::area)`.
template <class R, class C>
constexpr auto field(std::string_view name, R (C::*get)() const) noexcept {
  return property_field<C, R (C::*)() const, std::nullptr_t>{name, get, nullptr, false, 0};
}

/// A computed, read-only field from any callable taking the object: written, never read back.
///   prism::computed<User>("fullName", [](const User& u) { return u.first + " " + u.last; })
template <class C, class Get>
constexpr auto computed(std::string_view name, Get get) noexcept {
  return property_field<C, Get, std::nullptr_t>{name, get, nullptr, false, 0};
}

/// A record description: an ordered list of fields, and each field's binary id.
template <class... F>
struct fields_t {
  std::tuple<F...> list;
  std::array<std::uint32_t, sizeof...(F)> ids{};
};

/// The place of a field that was removed, in a description: later fields keep their binary ids.
///   prism::fields(prism::field("id", &User::id), prism::removed(), prism::field("name", &User::name))  // ids 1, 3
struct removed_t {};
constexpr removed_t removed() noexcept { return {}; }

namespace detail {
template <class F>
constexpr auto kept_field(const F& f) {
  return std::tuple<F>(f);
}
constexpr std::tuple<> kept_field(removed_t) { return {}; }
template <class... F, std::size_t N>
constexpr fields_t<F...> make_fields(std::tuple<F...> list, const std::array<std::uint32_t, N>& positions) {
  fields_t<F...> d{list, {}};
  std::size_t i = 0;
  for (std::uint32_t position : positions)
    if (position != 0) d.ids[i++] = position;
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((std::get<I>(d.list).stable_id != 0 ? (void)(d.ids[I] = std::get<I>(d.list).stable_id) : void()), ...);
  }(std::index_sequence_for<F...>{});
  return d;
}
}  // namespace detail

/// A record description from fields (and prism::removed() placeholders), in order. A field's binary id is its
/// position, counting placeholders, unless it states one with .id(n).
template <class... A>
constexpr auto fields(A... a) noexcept {
  std::uint32_t position = 0;
  // each argument's position, or 0 for a placeholder
  std::array<std::uint32_t, sizeof...(A)> positions{(++position, std::is_same_v<A, removed_t> ? 0u : position)...};
  return detail::make_fields(std::tuple_cat(detail::kept_field(a)...), positions);
}

/// Shorthand for a record of data members named after themselves.
template <auto... Ptrs>
constexpr auto members() noexcept {
  return fields(field<Ptrs>()...);
}

/// A surrogate description: the type travels as S. `to` makes the S from a `const T&`; `from` (optional,
/// for reading) makes the T from an `S&&` and may return T or prism::result<T>.
template <class S, class To, class From>
struct surrogate_t {
  using surrogate_type = S;
  To to;
  From from;
};

template <class S, class To, class From = std::nullptr_t>
constexpr surrogate_t<S, To, From> as(To to, From from = nullptr) noexcept {
  return {to, from};
}

/// A type derived from a polymorphic base, under a stable name: what pointers to the base may hold.
template <class D>
struct subtype_t {
  using type = D;
  std::string_view name;
};
template <class D>
constexpr subtype_t<D> subtype(std::string_view name) noexcept {
  return {name};
}

/// The derived types a pointer to a polymorphic base may hold, each under a stable name that the binary format
/// stores (renaming the C++ type is free; renaming the stable name is not):
///   constexpr auto prism_subtypes(prism::type_t<Shape>) {
///     return prism::subtypes(prism::subtype<Circle>("circle"), prism::subtype<Square>("square"));
///   }
template <class... S>
struct subtypes_t {
  std::tuple<S...> list;
};
template <class... S>
constexpr subtypes_t<S...> subtypes(S... s) noexcept {
  return {{s...}};
}

namespace detail {
template <class T>
concept has_description = requires { prism_describe(type_t<T>{}); };

template <class T>
concept has_subtypes = requires { prism_subtypes(type_t<T>{}); };

template <class T>
struct subtypes_holder {
  static constexpr auto value = prism_subtypes(type_t<T>{});
};

template <class T>
struct description_holder {
  static constexpr auto value = prism_describe(type_t<T>{});
};

template <class D>
inline constexpr bool is_fields = false;
template <class... F>
inline constexpr bool is_fields<fields_t<F...>> = true;

template <class D>
inline constexpr bool is_surrogate = false;
template <class S, class To, class From>
inline constexpr bool is_surrogate<surrogate_t<S, To, From>> = true;
}  // namespace detail

/// The description of T, as a constant.
template <class T>
  requires detail::has_description<T>
inline constexpr const auto& description = detail::description_holder<T>::value;

}  // namespace prism
