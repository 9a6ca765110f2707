// prism: standard containers as kind::sequence, kind::map and kind::bytes.
#pragma once

#include <array>
#include <cstddef>
#include <deque>
#include <forward_list>
#include <list>
#include <map>
#include <queue>
#include <set>
#include <span>
#include <stack>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "../core/kind.hpp"

namespace prism {

namespace detail {
/// A list of values of one type, walked in order.
template <class C>
struct sequence_adapter {
  static constexpr prism::kind category = prism::kind::sequence;
  using value_type = std::remove_cvref_t<decltype(*std::begin(std::declval<C&>()))>;
};

/// Keys to values; keys must be strings, integers or enums to be written as JSON object keys.
template <class C>
struct map_adapter {
  static constexpr prism::kind category = prism::kind::map;
  using key_type = typename C::key_type;
  using mapped_type = typename C::mapped_type;
};

/// A run of bytes, base64 in JSON.
template <class C>
struct bytes_adapter {
  static constexpr prism::kind category = prism::kind::bytes;
  static std::span<const std::byte> view(const C& c) noexcept { return {std::data(c), std::size(c)}; }
};
}  // namespace detail

template <class T, std::size_t N>
struct adapter<T[N]> : detail::sequence_adapter<T[N]> {};
template <class T, std::size_t N>
struct adapter<std::array<T, N>> : detail::sequence_adapter<std::array<T, N>> {};
template <class T, class A>
struct adapter<std::vector<T, A>> : detail::sequence_adapter<std::vector<T, A>> {};
template <class T, class A>
struct adapter<std::deque<T, A>> : detail::sequence_adapter<std::deque<T, A>> {};
template <class T, class A>
struct adapter<std::list<T, A>> : detail::sequence_adapter<std::list<T, A>> {};
template <class T, class A>
struct adapter<std::forward_list<T, A>> : detail::sequence_adapter<std::forward_list<T, A>> {};
template <class T, class C, class A>
struct adapter<std::set<T, C, A>> : detail::sequence_adapter<std::set<T, C, A>> {};
template <class T, class C, class A>
struct adapter<std::multiset<T, C, A>> : detail::sequence_adapter<std::multiset<T, C, A>> {};
template <class T, class H, class E, class A>
struct adapter<std::unordered_set<T, H, E, A>> : detail::sequence_adapter<std::unordered_set<T, H, E, A>> {};
template <class T, class H, class E, class A>
struct adapter<std::unordered_multiset<T, H, E, A>> : detail::sequence_adapter<std::unordered_multiset<T, H, E, A>> {};
template <class T, std::size_t N>
struct adapter<std::span<T, N>> : detail::sequence_adapter<std::span<T, N>> {};

template <class K, class V, class C, class A>
struct adapter<std::map<K, V, C, A>> : detail::map_adapter<std::map<K, V, C, A>> {};
template <class K, class V, class C, class A>
struct adapter<std::multimap<K, V, C, A>> : detail::map_adapter<std::multimap<K, V, C, A>> {};
template <class K, class V, class H, class E, class A>
struct adapter<std::unordered_map<K, V, H, E, A>> : detail::map_adapter<std::unordered_map<K, V, H, E, A>> {};
template <class K, class V, class H, class E, class A>
struct adapter<std::unordered_multimap<K, V, H, E, A>> : detail::map_adapter<std::unordered_multimap<K, V, H, E, A>> {};

/// std::byte containers are binary blobs, not lists of numbers.
template <class A>
struct adapter<std::vector<std::byte, A>> : detail::bytes_adapter<std::vector<std::byte, A>> {};
template <std::size_t N>
struct adapter<std::array<std::byte, N>> : detail::bytes_adapter<std::array<std::byte, N>> {};
template <std::size_t N>
struct adapter<std::span<const std::byte, N>> : detail::bytes_adapter<std::span<const std::byte, N>> {};
template <std::size_t N>
struct adapter<std::span<std::byte, N>> : detail::bytes_adapter<std::span<std::byte, N>> {};

// ---- container adaptors: each travels as the container it adapts, which it keeps in its protected member `c` ----

namespace detail {
/// The container an adaptor holds, reached through a class derived from the adaptor (the member pointer names a
/// member of the adaptor itself, so it applies to any adaptor object).
template <class A>
struct adapted_container : A {
  static const typename A::container_type& of(const A& a) noexcept { return a.*&adapted_container::c; }
};
}  // namespace detail

/// std::stack: its container, bottom first.
template <class T, class C>
constexpr auto prism_describe(type_t<std::stack<T, C>>) {
  return as<C>(&detail::adapted_container<std::stack<T, C>>::of, [](C&& c) { return std::stack<T, C>(std::move(c)); });
}

/// std::queue: its container, front first.
template <class T, class C>
constexpr auto prism_describe(type_t<std::queue<T, C>>) {
  return as<C>(&detail::adapted_container<std::queue<T, C>>::of, [](C&& c) { return std::queue<T, C>(std::move(c)); });
}

/// std::priority_queue: its container in heap order (the top first, the rest in no order a reader should rely on).
/// Read back with a default-constructed comparator, which orders any list of elements into a heap again.
template <class T, class C, class Compare>
constexpr auto prism_describe(type_t<std::priority_queue<T, C, Compare>>) {
  return as<C>(&detail::adapted_container<std::priority_queue<T, C, Compare>>::of,
               [](C&& c) { return std::priority_queue<T, C, Compare>(Compare(), std::move(c)); });
}

}  // namespace prism
