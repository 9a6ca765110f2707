// prism: the binary format's vocabulary: wire types, varints, which wire type carries each kind, and field ids.
// The layout is specified in docs/binary-format.md.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <ranges>
#include <type_traits>
#include <utility>

#include "../core/describe.hpp"
#include "../core/kind.hpp"

// may_be_null and is_null live in prism::detail

namespace prism::bin {

/// The format version this library writes and reads (the high nibble of a document's first byte).
inline constexpr unsigned format_version = 1;

/// How to find the end of a value (docs/binary-format.md, "Wire types").
enum class wire : std::uint8_t {
  uint = 0,    ///< varint
  sint = 1,    ///< zigzag varint
  f32 = 2,     ///< fixed32, little-endian
  f64 = 3,     ///< fixed64, little-endian
  bytes = 4,   ///< varint length, bytes
  record = 5,  ///< fields, then 0x00
  seq = 6,     ///< count << 4 | element wire type (more count after a 15), elements
  map = 7,     ///< varint count, key << 4 | value wire types, pairs
  ref = 8,     ///< varint h: null, a value, or a shared object seen before
  poly = 9,    ///< varint type, then a record
  i32 = 10,    ///< 4 bytes, two's complement, little-endian (elements of integer sequences with large values)
  u32 = 11,    ///< 4 bytes, little-endian
  i64 = 12,    ///< 8 bytes, two's complement, little-endian
  u64 = 13,    ///< 8 bytes, little-endian
  choice = 14, ///< a variant's alternative: varint name (a number, or the name the first time), its wire type, its value
};
inline constexpr unsigned wire_types = 15;

/// The name of a wire type, for messages and `prism dump`.
constexpr const char* wire_name(unsigned w) noexcept {
  constexpr const char* names[] = {"uint", "sint", "f32", "f64", "bytes", "record", "seq",   "map",
                                   "ref",  "poly", "i32", "u32", "i64",   "u64",    "choice"};
  return w < wire_types ? names[w] : "reserved";
}

/// The fewest bytes a value of wire type w takes: what bounds element counts before anything is allocated.
constexpr std::size_t min_size(wire w) noexcept {
  return w == wire::f32 || w == wire::i32 || w == wire::u32 ? 4 : w == wire::f64 || w == wire::i64 || w == wire::u64 ? 8 : 1;
}

/// The fixed-width integer wire types (i32, u32, i64, u64).
constexpr bool is_fixed_integer(wire w) noexcept { return w >= wire::i32 && w <= wire::u64; }

/// Wire types of a fixed number of bytes (floats and fixed-width integers).
constexpr bool is_fixed(wire w) noexcept { return w == wire::f32 || w == wire::f64 || is_fixed_integer(w); }

/// The fixed-width wire type of integers like I (4 or 8 bytes).
template <class I>
constexpr wire fixed_integer_wire() noexcept {
  if constexpr (sizeof(I) == 4) return std::is_signed_v<I> ? wire::i32 : wire::u32;
  else return std::is_signed_v<I> ? wire::i64 : wire::u64;
}

constexpr std::uint64_t zigzag(std::int64_t v) noexcept {
  return (static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63);
}
constexpr std::int64_t unzigzag(std::uint64_t u) noexcept {
  return static_cast<std::int64_t>(u >> 1) ^ -static_cast<std::int64_t>(u & 1);
}

/// Writes v as a varint at p (up to 10 bytes); returns the end.
inline char* put_varint(char* p, std::uint64_t v) noexcept {
  while (v >= 0x80) {
    *p++ = static_cast<char>(v | 0x80);
    v >>= 7;
  }
  *p++ = static_cast<char>(v);
  return p;
}

/// Writes the low `sizeof(U)` bytes of `bits` little-endian at p, whatever the machine (one store where it can).
template <class U>
char* put_fixed(char* p, U bits) noexcept {
  if constexpr (std::endian::native == std::endian::little) std::memcpy(p, &bits, sizeof(U));  // one store
  else for (std::size_t i = 0; i < sizeof(U); ++i) p[i] = static_cast<char>(bits >> (8 * i));
  return p + sizeof(U);
}

/// The bytes of the varint of v.
constexpr std::size_t varint_size(std::uint64_t v) noexcept {
  std::size_t n = 1;
  for (; v >= 0x80; v >>= 7) ++n;
  return n;
}

/// Scalars: numbers and what is written as one (bool, char, enums, durations, time points). The most bytes a T
/// takes when it is one, else 0. A scalar cannot fail to be written, so writers put runs of them after one check
/// for space, and readers read them with the wire type known at compile time.
template <class T>
consteval std::size_t scalar_max_size() {
  constexpr kind k = kind_of<T>;
  if constexpr (k == kind::boolean) return 1;
  else if constexpr (k == kind::character) return 2;
  else if constexpr (k == kind::integer) return (sizeof(T) * 8 + 6) / 7;  // a varint: 7 bits a byte
  else if constexpr (k == kind::enumeration) return scalar_max_size<std::underlying_type_t<T>>();
  else if constexpr (k == kind::floating) return sizeof(T);
  else if constexpr (k == kind::duration) return scalar_max_size<typename T::rep>();
  else if constexpr (k == kind::timestamp) return scalar_max_size<typename T::duration::rep>();
  else return 0;
}
template <class T>
inline constexpr bool is_scalar = scalar_max_size<T>() != 0;

/// Writes scalar v at p, which has scalar_max_size<T>() bytes of room; returns the end.
template <class T>
[[gnu::always_inline]] inline char* put_scalar(char* p, const T& v) noexcept {
  constexpr kind k = kind_of<T>;
  if constexpr (k == kind::boolean) {
    *p = v ? 1 : 0;
    return p + 1;
  } else if constexpr (k == kind::character) {
    return put_varint(p, static_cast<unsigned char>(v));
  } else if constexpr (k == kind::integer) {
    if constexpr (std::is_signed_v<T>) return put_varint(p, zigzag(v));
    else return put_varint(p, v);
  } else if constexpr (k == kind::enumeration) {
    return put_scalar(p, static_cast<std::underlying_type_t<T>>(v));
  } else if constexpr (k == kind::floating) {
    if constexpr (sizeof(T) == 4) return put_fixed(p, std::bit_cast<std::uint32_t>(v));
    else return put_fixed(p, std::bit_cast<std::uint64_t>(v));
  } else if constexpr (k == kind::duration) {
    return put_scalar(p, v.count());
  } else {
    static_assert(k == kind::timestamp);
    return put_scalar(p, v.time_since_epoch().count());
  }
}

namespace detail {
template <class T>
inline constexpr bool is_weak_ptr = false;
template <class T>
inline constexpr bool is_weak_ptr<std::weak_ptr<T>> = true;
template <class T>
inline constexpr bool is_shared_ptr = false;
template <class T>
inline constexpr bool is_shared_ptr<std::shared_ptr<T>> = true;

/// Pointers whose pointee may be held by others: written with identity.
template <class T>
inline constexpr bool has_identity = is_shared_ptr<T> || is_weak_ptr<T>;

template <class T>
consteval wire integer_wire() {
  return std::is_signed_v<T> ? wire::sint : wire::uint;
}
}  // namespace detail

/// The names of the choices a kind::dynamic value (json::value) is written as, one per JSON type: "json:" keeps them
/// apart from the names of variant alternatives, so that a reader tells a value's null or string from a variant's.
namespace dynamic_names {
inline constexpr std::string_view null = "json:null";       ///< a ref, null
inline constexpr std::string_view boolean = "json:bool";    ///< a uint, 0 or 1
inline constexpr std::string_view integer = "json:int";     ///< a sint
inline constexpr std::string_view unsigned_integer = "json:uint";  ///< a uint, above the largest int64
inline constexpr std::string_view real = "json:double";     ///< an f64
inline constexpr std::string_view number = "json:number";   ///< bytes: a number as a document wrote it ("1.50", "1e400")
inline constexpr std::string_view string = "json:string";   ///< bytes, UTF-8
inline constexpr std::string_view array = "json:array";     ///< a seq of choices
inline constexpr std::string_view object = "json:object";   ///< a map of bytes keys to choices, members in order
}  // namespace dynamic_names

/// The wire type of a T standing alone (an element, a map value, a document).
template <class T>
consteval wire wire_of() {
  using U = std::remove_cvref_t<T>;
  if constexpr (detail::is_weak_ptr<U>) {
    return wire::ref;
  } else {
    constexpr kind k = kind_of<U>;
    if constexpr (k == kind::boolean || k == kind::character) return wire::uint;
    else if constexpr (k == kind::integer) return detail::integer_wire<U>();
    else if constexpr (k == kind::enumeration) return wire_of<std::underlying_type_t<U>>();
    else if constexpr (k == kind::floating) return sizeof(U) == 4 ? wire::f32 : wire::f64;
    else if constexpr (k == kind::duration) return wire_of<typename U::rep>();
    else if constexpr (k == kind::timestamp) return wire_of<typename U::rep>();
    else if constexpr (k == kind::string && prism::detail::may_be_null<U>) return wire::ref;  // a C string may be null
    else if constexpr (k == kind::string || k == kind::bytes) return wire::bytes;
    else if constexpr (k == kind::record || k == kind::tuple) return wire::record;
    else if constexpr (k == kind::variant) return wire::choice;
    else if constexpr (k == kind::sequence) return wire::seq;
    else if constexpr (k == kind::map) return wire::map;
    else if constexpr (k == kind::optional || k == kind::pointer || k == kind::null) return wire::ref;
    else if constexpr (k == kind::surrogate) return wire_of<typename std::remove_cvref_t<decltype(description<U>)>::surrogate_type>();
    else if constexpr (k == kind::dynamic) return wire::choice;  // naming its JSON type (dynamic_names)
    else return wire::uint;  // not describable: the walk reports it
  }
}

/// The wire type of what a pointer to T holds: a poly value when T has registered subtypes, else T's own.
template <class T>
consteval wire pointee_wire_of() {
  if constexpr (prism::detail::has_subtypes<T>) return wire::poly;
  else return wire_of<T>();
}

/// Whether a present optional or unshared pointer in a record is written as its value (the field absent when it is
/// empty): not when the value can itself be empty (an optional, a pointer, a null type), whose emptiness only a ref
/// keeps apart from the field's absence (`optional<optional<int>>` holding an empty one).
template <class U>
consteval bool written_as_its_value() {
  if constexpr (kind_of<U> == kind::optional || (kind_of<U> == kind::pointer && !detail::has_identity<U>)) {
    constexpr kind inner = kind_of<typename adapter<U>::value_type>;
    return inner != kind::optional && inner != kind::pointer && inner != kind::null;
  } else {
    return false;
  }
}

/// The wire type of a T that is a record field: a present optional or unshared pointer is written as its value
/// (written_as_its_value; otherwise as a ref), a C string as its text (null ones are left out).
template <class T>
consteval wire field_wire_of() {
  using U = std::remove_cvref_t<T>;
  if constexpr ((kind_of<U> == kind::optional || kind_of<U> == kind::pointer) && !detail::has_identity<U> &&
                !written_as_its_value<U>())
    return wire::ref;
  else if constexpr (kind_of<U> == kind::pointer && !detail::has_identity<U>)
    return pointee_wire_of<typename adapter<U>::value_type>();
  else if constexpr (kind_of<U> == kind::optional)
    return wire_of<typename adapter<U>::value_type>();
  else if constexpr (kind_of<U> == kind::string)
    return wire::bytes;
  else
    return wire_of<U>();
}

/// The h of a ref (docs/binary-format.md): 0 null; odd, a shared object seen before; even, a value follows.
constexpr std::uint64_t ref_value(wire w) noexcept { return 2 * (static_cast<std::uint64_t>(w) + 1); }
constexpr std::uint64_t ref_new_shared(wire w) noexcept { return 2 * (static_cast<std::uint64_t>(w) + 17); }
constexpr std::uint64_t ref_back(std::uint64_t object) noexcept { return 2 * object + 1; }
/// Whether h / 2 - 1 of an even h names a value: an unshared one (below 16) or a new shared one (16 + wire type).
constexpr bool is_ref_value(std::uint64_t v) noexcept { return v < wire_types || (v >= 16 && v < 16 + wire_types); }

namespace detail {
/// Computed fields (a getter and no setter) are not stored: they are a function of the others.
template <class F>
inline constexpr bool is_computed = false;
template <class C, class Get>
inline constexpr bool is_computed<property_field<C, Get, std::nullptr_t>> = true;

template <class T, std::size_t I>
consteval bool field_is_stored() {
  if constexpr (prism::detail::has_description<T>)
    return !is_computed<std::remove_cvref_t<decltype(std::get<I>(description<T>.list))>>;
  else
    return true;
}

/// Whether field I of T is marked required (descriptions only).
template <class T, std::size_t I>
consteval bool field_is_required() {
  if constexpr (prism::detail::has_description<T>) return std::get<I>(description<T>.list).is_required;
  else return false;
}

/// Maps that hold one value per key (std::map, std::unordered_map), as against multimaps.
template <class T>
inline constexpr bool unique_keys = requires(T& m, typename T::key_type k, typename T::mapped_type v) {
  m.insert_or_assign(std::move(k), std::move(v));
};
}  // namespace detail

/// The binary id of field I of record T: the description's (position or explicit), or I + 1 for aggregates.
template <class T, std::size_t I>
consteval std::uint32_t field_id() {
  if constexpr (prism::detail::has_description<T>) return description<T>.ids[I];
  else return static_cast<std::uint32_t>(I + 1);
}

/// Record T's field indices in ascending id order, the order fields are written in; ids must be unique.
template <class T>
inline constexpr auto field_order = [] {
  constexpr std::size_t n = field_count_of<T>;
  std::array<std::uint32_t, n> ids = []<std::size_t... I>(std::index_sequence<I...>) {
    return std::array<std::uint32_t, n>{field_id<T, I>()...};
  }(std::make_index_sequence<n>{});
  std::array<std::size_t, n> order{};
  for (std::size_t i = 0; i < n; ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return ids[a] < ids[b]; });
  return order;
}();

template <class T>
consteval bool ids_are_valid() {
  std::uint32_t last = 0;
  for (std::size_t i : field_order<T>) {
    std::uint32_t id = [&]<std::size_t... I>(std::index_sequence<I...>) {
      std::uint32_t r = 0;
      ((i == I ? (r = field_id<T, I>()) : 0), ...);
      return r;
    }(std::make_index_sequence<field_count_of<T>>{});
    if (id == 0 || id == last || id > (1u << 28)) return false;
    last = id;
  }
  return true;
}

/// The highest field id of record T (0 for a record with no fields).
template <class T>
consteval std::uint32_t max_field_id() {
  std::uint32_t most = 0;
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((most = std::max(most, field_id<T, I>())), ...);
  }(std::make_index_sequence<field_count_of<T>>{});
  return most;
}

/// Whether record T is written in the dense form (docs/binary-format.md, "Records"): when its ids run from 1 with
/// few gaps, so that a wire-type nibble per id takes no more room than a key per stored field would.
template <class T>
consteval bool is_dense() {
  std::uint32_t stored = [&]<std::size_t... I>(std::index_sequence<I...>) {
    return (0u + ... + (detail::field_is_stored<T, I>() ? 1u : 0u));
  }(std::make_index_sequence<field_count_of<T>>{});
  return stored != 0 && max_field_id<T>() <= 2 * stored;
}

/// The first byte of a sequence: the elements' wire type in the low nibble and in the high one its count, when below
/// 12; from 12 up, 12 plus the two low bits of count - 12, then a varint of the rest, (count - 12) >> 2. So the count
/// is the nibble plus 4 times the varint: a 2-byte header holds up to 523 elements, a 3-byte one up to 65,547 (as
/// many as a protobuf length of 4-byte values holds in as many bytes at 512, 4096, 8192 and 65,536 elements). An
/// empty sequence is the byte 0.
inline constexpr unsigned seq_count_long = 12;

/// In a dense record, the nibble of an id that holds nothing (an absent optional, a removed or computed field).
inline constexpr unsigned absent = 15;

/// The first byte of a dense record: its count of ids when below 15, else 15 and a varint of count - 15.
inline constexpr unsigned dense_count_escape = 15;

/// Where field id's nibble lies among a dense record's nibbles: its byte, and its shift within it (the low nibble
/// first).
constexpr std::size_t nibble_byte(std::uint64_t id) noexcept { return static_cast<std::size_t>((id - 1) / 2); }
constexpr unsigned nibble_shift(std::uint64_t id) noexcept { return static_cast<unsigned>((id - 1) % 2 * 4); }

/// Whether E is an integer of 4 or 8 bytes: written fixed-width (i32, u32, i64, u64) where values are large, in
/// sequences, maps and records of a fixed layout.
template <class E>
inline constexpr bool is_wide_integer = kind_of<E> == kind::integer && sizeof(E) >= 4;

/// Whether field I of record T is an integer of 4 or 8 bytes, always written.
template <class T, std::size_t I>
consteval bool field_is_wide_integer() {
  if constexpr (detail::field_is_stored<T, I>()) return is_wide_integer<std::remove_cvref_t<field_type_of<T, I>>>;
  else return false;
}

/// Whether record T has a fixed layout (docs/binary-format.md, "Fixed layout"): when at least half of its stored
/// fields are integers of 4 or 8 bytes, a dense record of T writes them fixed-width (i32, u32, i64, u64) if each
/// takes 4 (or 8) varint bytes or more. Records with fewer such fields (a tree's nodes: a value and two children)
/// gain little from it and pay nothing for it.
template <class T>
consteval bool has_fixed_layout() {
  return []<std::size_t... I>(std::index_sequence<I...>) {
    constexpr std::size_t wide = (0 + ... + (field_is_wide_integer<T, I>() ? 1 : 0));
    constexpr std::size_t stored = (0 + ... + (detail::field_is_stored<T, I>() ? 1 : 0));
    return wide != 0 && 2 * wide >= stored;
  }(std::make_index_sequence<field_count_of<T>>{});
}

/// Whether field I of T is written fixed-width in T's fixed layout.
template <class T, std::size_t I>
consteval bool field_may_be_fixed() {
  return has_fixed_layout<T>() && field_is_wide_integer<T, I>();
}

/// The wire type of field I of T in a dense record of T's varint layout (Fixed = false) or fixed layout.
template <class T, std::size_t I, bool Fixed>
consteval wire dense_field_wire() {
  if constexpr (Fixed && field_may_be_fixed<T, I>()) return fixed_integer_wire<std::remove_cvref_t<field_type_of<T, I>>>();
  else return field_wire_of<field_type_of<T, I>>();
}

/// The header of T's dense form when every field holds a value: the count, then one nibble per id (the low nibble
/// first; an odd count's last high nibble is 0), in the varint layout or (Fixed) the fixed one. Writers clear the
/// nibbles of fields that hold nothing; readers compare a record's header with it to read the fields at
/// compile-time-known wire types.
template <class T, bool Fixed = false>
inline constexpr auto dense_header = [] {
  constexpr std::uint32_t n = max_field_id<T>();
  constexpr std::size_t count_bytes = n < dense_count_escape ? 1 : 1 + varint_size(n - dense_count_escape);
  std::array<unsigned char, count_bytes + (n + 1) / 2> h{};
  if (n < dense_count_escape) {
    h[0] = static_cast<unsigned char>(n);
  } else {
    h[0] = dense_count_escape;
    std::uint64_t rest = n - dense_count_escape;
    for (std::size_t i = 1; i < count_bytes; ++i, rest >>= 7)
      h[i] = static_cast<unsigned char>((rest & 0x7f) | (i + 1 < count_bytes ? 0x80 : 0));
  }
  for (std::size_t i = count_bytes; i < h.size(); ++i) h[i] = 0xff;
  if (n % 2 == 1) h.back() = absent;  // the padding nibble: 0
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    auto one = [&]<std::size_t J>(std::integral_constant<std::size_t, J>) {
      if constexpr (detail::field_is_stored<T, J>()) {
        constexpr std::uint32_t id = field_id<T, J>();
        unsigned shift = nibble_shift(id);
        auto& b = h[count_bytes + nibble_byte(id)];
        b = static_cast<unsigned char>((b & ~(0xfu << shift)) | static_cast<unsigned>(dense_field_wire<T, J, Fixed>()) << shift);
      }
    };
    (one(std::integral_constant<std::size_t, I>{}), ...);
  }(std::make_index_sequence<field_count_of<T>>{});
  return h;
}();

/// The bytes of T's dense header before its nibbles: the count (one byte below 15 ids, more after).
template <class T>
inline constexpr std::size_t dense_count_bytes = dense_header<T>.size() - (max_field_id<T>() + 1) / 2;

/// Whether every field of aggregate T is an integer of 2 to 8 bytes of one signedness (no bool, char or enum, whose
/// ranges are narrower than a two-byte varint's), at most 15 of them: a record of such fields whose varints are all
/// short is read by read_short_integer_fields with no range check and no branch on any varint's length (and, when its
/// fields are all 4 bytes, written so by put_short_int32_fields).
template <class T>
consteval bool small_integer_record() {
  if constexpr (prism::detail::has_description<T> || field_count_of<T> == 0 || field_count_of<T> > 15) {
    return false;
  } else {
    return []<std::size_t... I>(std::index_sequence<I...>) {
      constexpr bool first_signed = std::is_signed_v<field_type_of<T, 0>>;
      return ((kind_of<field_type_of<T, I>> == kind::integer && sizeof(field_type_of<T, I>) >= 2 &&
               std::is_signed_v<field_type_of<T, I>> == first_signed) && ...);
    }(std::make_index_sequence<field_count_of<T>>{});
  }
}

/// The most bytes a sequence of n elements of at most `element` bytes each takes (its header: at most a byte and a
/// varint of n), or 0 when element is (no bound) or the product overflows.
constexpr std::size_t seq_max_size(std::size_t n, std::size_t element) noexcept {
  if (element == 0 || n > (std::size_t(-1) - 11) / element) return 0;
  return 1 + varint_size(n) + n * element;
}

/// The most bytes a value of T takes, when every value of T has such a bound: scalars, and records, fixed-size
/// arrays and optionals of them; else 0 (pointers too, which may chain). A writer that knows it can ask its sink
/// for all the room at once (io::bounded_sink). A record is bounded whichever form it takes: its dense form (every
/// field at its most, the fixed layout's 4 or 8 bytes no more than a varint's 5 or 10) or its keyed one.
template <class T>
consteval std::size_t max_size_of();

namespace detail {
/// The most bytes a record member of type V takes when it holds a value (an optional's value itself, when it is
/// written so).
template <class V>
consteval std::size_t member_max_size() {
  if constexpr (kind_of<V> == kind::optional && written_as_its_value<V>())
    return max_size_of<typename adapter<V>::value_type>();
  else
    return max_size_of<V>();
}

template <class T>
consteval std::size_t record_max_size() {
  return []<std::size_t... I>(std::index_sequence<I...>) -> std::size_t {
    [[maybe_unused]] constexpr std::array<std::size_t, sizeof...(I)> values{
        (field_is_stored<T, I>() ? member_max_size<std::remove_cvref_t<field_type_of<T, I>>>() : 1)...};
    if (((values[I] == 0) || ...)) return 0;
    std::size_t dense = 0, keyed = 1;  // keyed: the end byte
    ((field_is_stored<T, I>() ? (dense += values[I], keyed += values[I] + varint_size(std::uint64_t{field_id<T, I>()} << 4 | 15)) : 0), ...);
    if constexpr (is_dense<T>()) dense += dense_header<T>.size();
    return std::max(dense, keyed);
  }(std::make_index_sequence<field_count_of<T>>{});
}
}  // namespace detail

template <class T>
consteval std::size_t max_size_of() {
  using U = std::remove_cvref_t<T>;
  constexpr kind k = kind_of<U>;
  if constexpr (is_scalar<U>) {
    return scalar_max_size<U>();
  } else if constexpr (k == kind::optional) {
    constexpr std::size_t value = max_size_of<typename adapter<U>::value_type>();
    return value == 0 ? 0 : 1 + value;  // the ref (one byte) before the value
  } else if constexpr (k == kind::sequence && prism::detail::fixed_extent<U> != std::size_t(-1)) {
    return seq_max_size(prism::detail::fixed_extent<U>, max_size_of<std::ranges::range_value_t<U>>());
  } else if constexpr (k == kind::record) {
    return detail::record_max_size<U>();
  } else {
    return 0;
  }
}

}  // namespace prism::bin
