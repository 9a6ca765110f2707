// prism: writing the binary format (docs/binary-format.md). Walks a value by its kind, the same descriptions the
// JSON writer uses, straight into any io sink: no size pass, no allocation (except a table of shared objects when
// the model holds shared_ptr or weak_ptr).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <typeinfo>
#include <iterator>
#include <ranges>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "../core/detail/copy_bytes.hpp"
#include "../core/detail/simd.hpp"
#include "../core/kind.hpp"
#include "../core/result.hpp"
#include "../io/sink.hpp"
#include "wire.hpp"

namespace prism::bin {

/// How prism writes binary documents.
struct write_options {
  std::size_t max_depth = 512;  ///< deeper nesting fails with depth_exceeded; bounds recursion on self-referential models
  /// Write an enum's values that have no enumerator (flag combinations). By default they fail with
  /// unknown_enumerator, as in JSON, for enums whose enumerators prism finds: a reader would refuse them (its own
  /// read_options::unnamed_enum_values accepts them).
  bool unnamed_enum_values = false;
};

namespace detail {

/// The numbers of the shared objects written so far, by address: open addressing in one array, so that a document
/// of n shared objects allocates O(log n) times rather than once per object (a node each in std::unordered_map,
/// which was most of a shared tree's writing time).
class identity_table {
 public:
  /// p's number if seen before (first = false), else the next number, remembered.
  std::pair<std::uint64_t, bool> number(const void* p) {
    if (2 * (count_ + 1) > slots_.size()) grow();
    slot* s = find(slots_.data(), slots_.size() - 1, p);
    if (s->address) return {s->number, false};
    *s = {p, count_};
    return {count_++, true};
  }

 private:
  struct slot {
    const void* address = nullptr;
    std::uint64_t number = 0;
  };
  /// p's slot, or the empty one where it belongs. An address's low bits vary little (alignment): the multiply spreads
  /// all of them over the top bits, which the shift keeps.
  static slot* find(slot* slots, std::size_t mask, const void* p) noexcept {
    const auto bits = std::bit_width(mask);
    std::size_t i = static_cast<std::size_t>((reinterpret_cast<std::uintptr_t>(p) * 0x9E3779B97F4A7C15ull) >> (64 - bits));
    while (slots[i].address && slots[i].address != p) i = (i + 1) & mask;
    return slots + i;
  }
  void grow() {
    std::vector<slot> old(std::max<std::size_t>(64, 2 * slots_.size()));
    old.swap(slots_);
    for (const slot& s : old)
      if (s.address) *find(slots_.data(), slots_.size() - 1, s.address) = s;
  }

  std::vector<slot> slots_;  // a power of two, at most half full
  std::uint64_t count_ = 0;
};

/// Puts bytes into a sink's windows; remembers the first error and the path to it.
template <class Sink>
class writer {
 public:
  /// most: the most bytes the document takes, if known (else 0), for a sink that lends room for all of them at once.
  writer(Sink& sink, const write_options& opts, std::size_t most = 0) : sink_(sink), opts_(opts) {
    io::window w = [&] {
      if constexpr (io::bounded_sink<Sink>) return sink_.start(most);
      else return sink_.start();
    }();
    pos_ = w.pos;
    end_ = w.end;
  }

  [[gnu::always_inline]] char* reserve(std::size_t n) {
    if (static_cast<std::size_t>(end_ - pos_) < n) [[unlikely]]
      refill(n);
    return pos_;
  }
  void commit(char* p) noexcept { pos_ = p; }
  void byte(unsigned b) { *reserve(1) = static_cast<char>(b); ++pos_; }
  [[gnu::always_inline]] void varint(std::uint64_t v) { pos_ = put_varint(reserve(10), v); }
  /// An integer as its sizeof(I) bytes, little-endian (the i32, u32, i64, u64 wire types).
  template <class I>
  void fixed_integer(I v) { pos_ = put_fixed(reserve(sizeof(I)), static_cast<std::make_unsigned_t<I>>(v)); }
  /// A string's or an array's bytes: those of a short one that fit the window without a call.
  [[gnu::always_inline]] void raw(const void* data, std::size_t n) {
    if (n <= 64 && static_cast<std::size_t>(end_ - pos_) >= n) {
      prism::detail::copy_short(pos_, static_cast<const char*>(data), n);
      pos_ += n;
      return;
    }
    raw_long(data, n);
  }

  bool enter() {
    if (++depth_ > opts_.max_depth) [[unlikely]] {
      fail(error_code::depth_exceeded);
      return false;
    }
    return true;
  }
  void leave() noexcept { --depth_; }

  void fail(error_code c) noexcept {
    if (err_ == error_code::none) err_ = c;
  }
  bool ok() const noexcept { return err_ == error_code::none; }

  /// Fails for an enum value with no enumerator (write_options::unnamed_enum_values); any other scalar passes.
  template <class T>
  [[gnu::always_inline]] void check_scalar(const T& v) noexcept {
    if constexpr (kind_of<T> == kind::enumeration) {
      if (!opts_.unnamed_enum_values && !prism::detail::enum_value_named(v)) [[unlikely]]
        fail(error_code::unknown_enumerator);
    }
  }
  std::string& error_path() { return state().path; }

  /// A subtype's or a variant alternative's name: its number if written before in this document, else the name
  /// itself, which takes the next number.
  [[gnu::noinline]] void type_name(std::string_view name) {
    name_table& names = state().names;
    // A name is one string wherever its objects are written: its address first, its text if need be.
    for (std::size_t i = 0; i < names.count; ++i)
      if (names[i].data() == name.data() && names[i].size() == name.size()) return varint(2 * i + 1);
    for (std::size_t i = 0; i < names.count; ++i)
      if (names[i] == name) return varint(2 * i + 1);
    names.add(name);
    varint(2);
    varint(name.size());
    raw(name.data(), name.size());
  }

  /// The shared object `p` points to: its number if written before (first = false), else a new number.
  std::pair<std::uint64_t, bool> shared_object(const void* p) { return state().objects.number(p); }

  result<std::size_t> finish() {
    bool sink_ok = sink_.finish(pos_);
    if (ok() && !sink_ok) fail(error_code::sink_failed);
    if (!ok()) {
      error e;
      e.code = err_;
      e.path = "$" + state().path;
      return e;
    }
    return sink_.written();
  }

 private:
  [[gnu::noinline]] void raw_long(const void* data, std::size_t n) {
    io::window w = io::put_bytes(sink_, {pos_, end_}, static_cast<const char*>(data), n);
    pos_ = w.pos;
    end_ = w.end;
  }
  [[gnu::noinline]] void refill(std::size_t n) {
    io::window w = sink_.next(pos_, n);
    pos_ = w.pos;
    end_ = w.end;
  }

  Sink& sink_;
  write_options opts_;
  char* pos_ = nullptr;
  char* end_ = nullptr;
  std::size_t depth_ = 0;
  error_code err_ = error_code::none;
  /// The names written so far (of subtypes and variant alternatives), numbered in order: the first 16 in place, so
  /// that writing variants into a fixed sink allocates nothing.
  struct name_table {
    std::array<std::string_view, 16> first{};
    std::vector<std::string_view> more;
    std::size_t count = 0;
    std::string_view operator[](std::size_t i) const { return i < first.size() ? first[i] : more[i - first.size()]; }
    void add(std::string_view name) {
      if (count < first.size()) first[count] = name;
      else more.push_back(name);
      ++count;
    }
  };
  // Made at the first shared pointer, subtype, variant or error: a document without them pays nothing for it.
  struct extra {
    std::string path;  ///< of the value that failed, built as the failure unwinds
    identity_table objects;
    name_table names;
  };
  extra& state() { return extra_ ? *extra_ : extra_.emplace(); }
  std::optional<extra> extra_;
};

template <class W, class T>
void write_value(W& w, const T& v);

/// The address of the whole object p points into: the same object seen through two bases has one identity.
template <class T>
const void* dynamic_address(const T* p) {
  if constexpr (std::is_polymorphic_v<T>) return dynamic_cast<const void*>(p);
  else return p;
}

/// Where the dynamic type of an object of Base stands among Base's subtypes: their count for Base itself, npos for
/// a type not listed. Addresses are compared first: a program has one type_info per type unless shared libraries
/// duplicate it, and comparing type_infos that differ costs a strcmp of their names, which was most of the time a
/// polymorphic tree took to write.
template <class Base>
std::size_t subtype_index(const std::type_info& dynamic) {
  static constexpr auto types = std::apply(
      [](const auto&... s) {
        return std::array{&typeid(typename std::remove_cvref_t<decltype(s)>::type)..., &typeid(Base)};
      },
      prism::detail::subtypes_holder<Base>::value.list);
  constexpr std::size_t n = types.size() - (std::is_abstract_v<Base> ? 1 : 0);  // an abstract base is never dynamic
  for (std::size_t i = 0; i < n; ++i)
    if (types[i] == &dynamic) return i;
  for (std::size_t i = 0; i < n; ++i)
    if (*types[i] == dynamic) return i;
  return std::size_t(-1);
}

/// What a pointer to a polymorphic Base holds (a poly value): its dynamic type's stable name, then its record.
template <class W, class Base>
void write_poly(W& w, const Base& b) {
  static_assert(std::is_polymorphic_v<Base>, "prism::subtypes: the base must be a polymorphic class (a virtual function)");
  constexpr const auto& subtypes = prism::detail::subtypes_holder<Base>::value;
  const std::size_t index = subtype_index<Base>(typeid(b));
  if constexpr (!std::is_abstract_v<Base>) {
    if (index == std::tuple_size_v<decltype(subtypes.list)>) {
      w.varint(0);
      return write_value(w, b);
    }
  }
  if (index == std::size_t(-1)) return w.fail(error_code::unknown_type);  // a derived type prism_subtypes does not list
  std::apply(
      [&](const auto&... s) {
        std::size_t k = 0;
        auto one = [&](const auto& sub) {
          using D = typename std::remove_cvref_t<decltype(sub)>::type;
          static_assert(std::is_base_of_v<Base, D>, "prism::subtype<D>: D must derive from the base");
          if (k++ != index) return false;
          w.type_name(sub.name);
          write_value(w, static_cast<const D&>(b));
          return true;
        };
        (void)(one(s) || ...);
      },
      subtypes.list);
}

/// What a pointer holds: a poly value for bases with subtypes, else the value itself.
template <class W, class V>
void write_pointee(W& w, const V& v) {
  if constexpr (prism::detail::has_subtypes<V>) write_poly(w, v);
  else write_value(w, v);
}

/// Whether integer e of 4 or 8 bytes takes 4 (or 8) varint bytes or more: as many as fixed-width, or more.
template <class E>
[[gnu::always_inline]] inline bool takes_fixed_bytes(E e) {
  using U = std::make_unsigned_t<E>;  // in E's own width, so loops over arrays vectorize four (or two) lanes at a time
  constexpr unsigned small_bits = sizeof(E) == 4 ? 21 : 49;  // what 3 (or 7) varint bytes hold
  if constexpr (std::is_signed_v<E>) return static_cast<U>(static_cast<U>(zigzag(e)) >> small_bits) != 0;  // E's zigzag fits E
  else return static_cast<U>(e >> small_bits) != 0;
}

/// Sequences of 32- or 64-bit integers, and each side of a map of them, are smaller with fixed-width values than with
/// varints when most of their first `fixed_sample` values take 4 (or 8) varint bytes or more. A function of the
/// values, so a document re-written is byte-identical.
inline constexpr std::size_t fixed_sample = 64;
constexpr bool mostly_large(std::size_t large, std::size_t sample) noexcept { return 2 * large > sample; }

template <class E>
bool prefer_fixed(const E* p, std::size_t n) {
  const std::size_t sample = std::min(n, fixed_sample);
  std::make_unsigned_t<E> large = 0;  // in E's own width, so that the loop vectorizes
  for (std::size_t i = 0; i < sample; ++i) large += takes_fixed_bytes(p[i]);
  return mostly_large(static_cast<std::size_t>(large), sample);
}

/// Whether a dense record of T is written in its fixed layout (wire.hpp, field_may_be_fixed): when each of its
/// integer fields of 4 or 8 bytes takes 4 (or 8) varint bytes or more, so the layout is never longer. Records of
/// hashes, ids and full-range values; small values stop at the first field.
template <class T>
bool prefer_fixed_fields(const T& v) {
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    auto large = [&]<std::size_t J>(std::integral_constant<std::size_t, J>) {
      if constexpr (field_may_be_fixed<T, J>()) return takes_fixed_bytes(get_field<J>(v));
      else return true;
    };
    return (large(std::integral_constant<std::size_t, I>{}) && ...);
  }(std::make_index_sequence<field_count_of<T>>{});
}

/// The header of a sequence of n > 0 elements of wire type `element`: one byte up to 11 elements (seq_count_long).
template <class W>
[[gnu::always_inline]] inline void write_seq_header(W& w, std::size_t n, wire element) {
  const auto e = static_cast<unsigned>(element);
  if (n < seq_count_long) return w.byte(static_cast<unsigned>(n) << 4 | e);
  const std::size_t rest = n - seq_count_long;
  w.byte((seq_count_long + static_cast<unsigned>(rest & 3)) << 4 | e);
  w.varint(rest >> 2);
}

/// The key of a field: its id's distance from the previous one, and its wire type.
template <class W>
void write_key(W& w, std::uint32_t id, std::uint32_t& prev, wire wt) {
  w.varint((std::uint64_t{id - prev} << 4) | static_cast<unsigned>(wt));
  prev = id;
}

/// Whether a record member holds something to write: empty optionals, null pointers and C strings, and expired
/// weak_ptrs are left out (readers keep their own value).
template <class V>
inline constexpr bool always_holds = !is_weak_ptr<V> && kind_of<V> != kind::optional && kind_of<V> != kind::pointer &&
                                     !prism::detail::may_be_null<V>;
template <class V>
bool holds_value(const V& value) {
  if constexpr (is_weak_ptr<V>) return !value.expired();
  else if constexpr ((kind_of<V> == kind::optional || kind_of<V> == kind::pointer) && !has_identity<V>)
    return adapter<V>::get(value) != nullptr;
  else if constexpr (prism::detail::may_be_null<V>) return !prism::detail::is_null(value);  // C strings, shared_ptr
  else return true;
}

/// Writes the value of a member that holds one, as field_wire_of<V>() says: an optional's or unshared pointer's
/// value itself, a C string's text.
template <class W, class V>
void write_member_value(W& w, const V& value) {
  if constexpr (written_as_its_value<V>()) {
    if constexpr (kind_of<V> == kind::pointer) write_pointee(w, *adapter<V>::get(value));
    else write_value(w, *adapter<V>::get(value));
  } else if constexpr (kind_of<V> == kind::string && prism::detail::may_be_null<V>) {
    auto s = adapter<V>::view(value);
    w.varint(s.size());
    w.raw(s.data(), s.size());
  } else {
    write_value(w, value);
  }
}

/// Writes `value` as the record member `id` (a field, a tuple element, a variant alternative), unless it holds
/// nothing: after its key when Keyed, alone in a dense record (whose nibble says whether it holds one). Returns false
/// on error, with the member's name prepended to the path.
template <bool Keyed = true, class W, class V, class Name>
bool write_member(W& w, const V& value, std::uint32_t id, std::uint32_t& prev, const Name& name) {
  if (!holds_value(value)) return true;
  if constexpr (Keyed) write_key(w, id, prev, field_wire_of<V>());
  write_member_value(w, value);
  if (w.ok()) [[likely]]
    return true;
  name();
  return false;
}

/// How a record's fields are put, by position in id order: consecutive scalar fields form runs that are put after
/// one check for space (at most a window's worth each); in the keyed form, the last run puts the end byte too when
/// it ends the record.
template <std::size_t N>
struct record_plan {
  std::array<bool, N> scalar{};
  std::array<std::size_t, N> run{};  ///< the bytes to reserve at the first field of a run, else 0
  std::array<bool, N> closes_run{};
  bool end_in_run = false;
};

template <class T, bool Keyed>
consteval auto plan_record() {
  constexpr std::size_t n = field_count_of<T>;
  record_plan<n> plan;
  std::array<std::size_t, n> size{};  // a scalar field's most bytes, its key included; 0 for the others
  std::array<bool, n> stored{};
  [&]<std::size_t... K>(std::index_sequence<K...>) {
    [[maybe_unused]] auto one = [&]<std::size_t k>(std::integral_constant<std::size_t, k>) {
      constexpr std::size_t I = field_order<T>[k];
      stored[k] = field_is_stored<T, I>();
      if constexpr (field_is_stored<T, I>() && is_scalar<field_type_of<T, I>>)
        size[k] = (Keyed ? varint_size(std::uint64_t{field_id<T, I>()} << 4 | 15) : 0) +
                  scalar_max_size<field_type_of<T, I>>();
    };
    (one(std::integral_constant<std::size_t, K>{}), ...);
  }(std::make_index_sequence<n>{});
  constexpr std::size_t none = std::size_t(-1);
  std::size_t first = none, last = 0, bytes = 0;
  auto close = [&] {
    plan.run[first] = bytes;
    plan.closes_run[last] = true;
    first = none;
  };
  for (std::size_t k = 0; k < n; ++k) {
    if (!stored[k]) continue;  // puts nothing: does not break a run
    plan.scalar[k] = size[k] != 0;
    if (!plan.scalar[k] || (first != none && bytes + size[k] + 1 > io::min_window)) {
      if (first != none) close();
      if (!plan.scalar[k]) continue;
    }
    if (first == none) first = k, bytes = 0;
    bytes += size[k];
    last = k;
  }
  if (first != none) {
    if (Keyed) {
      ++bytes;  // the end byte
      plan.end_in_run = true;
    }
    close();
  }
  return plan;
}

/// Whether T is an aggregate of 4-byte integers of one type and nothing else, at most 15 (no padding: its bytes are
/// its fields in order), which put_short_int32_fields loads whole.
template <class T>
consteval bool packed_int32_record() {
  if constexpr (!small_integer_record<T>()) {
    return false;
  } else {
    using F = field_type_of<T, 0>;
    return sizeof(F) == 4 && sizeof(T) == 4 * field_count_of<T> && []<std::size_t... I>(std::index_sequence<I...>) {
      return (std::is_same_v<field_type_of<T, I>, F> && ...);
    }(std::make_index_sequence<field_count_of<T>>{});
  }
}

#if PRISM_SSE2
/// The fields of a packed_int32_record as varints of one or two bytes each at p (two bytes of room a field), with no
/// branch on any one's length: the mirror of read's decode_short_varints. A branch per varint (the loop of
/// put_varint) is mispredicted on about every value of mixed lengths once the data is more than the processor can
/// learn: a vector of 4,096 records of small values took four times as long a record as one of 512. Vector lanes make
/// each varint (two bytes: the low 7 bits with the continuation bit, then the high 7) and a mask of the two-byte ones;
/// each is then one 2-byte store, the next 1 or 2 bytes on. Returns the end, or nullptr with nothing committed when
/// a value takes three bytes or more.
template <class T>
[[gnu::always_inline]] inline char* put_short_int32_fields(char* p, const T& v) noexcept {
  constexpr std::size_t n = field_count_of<T>, vectors = (n + 7) / 8;
  const auto* in = reinterpret_cast<const unsigned char*>(&v);
  const auto lanes4 = [in](std::size_t i) {  // fields 4i to 4i + 3, zero past the last: no load past the object
    if (4 * i + 4 <= n) return _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + 16 * i));
    if (4 * i + 2 <= n) {
      const __m128i two = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(in + 16 * i));
      if (4 * i + 3 == n) {
        std::int32_t third;
        std::memcpy(&third, in + 16 * i + 8, 4);
        return _mm_unpacklo_epi64(two, _mm_cvtsi32_si128(third));
      }
      return two;
    }
    if (4 * i + 1 == n) {
      std::int32_t one;
      std::memcpy(&one, in + 16 * i, 4);
      return _mm_cvtsi32_si128(one);
    }
    return _mm_setzero_si128();
  };
  alignas(16) std::uint16_t words[8 * vectors];  // each varint's two bytes
  std::uint32_t two_bytes = 0;                    // bit 2k: field k takes two bytes
  __m128i all = _mm_setzero_si128();              // or of the values
  for (std::size_t j = 0; j < vectors; ++j) {
    __m128i a = lanes4(2 * j), b = lanes4(2 * j + 1);
    if constexpr (std::is_signed_v<field_type_of<T, 0>>) {  // zigzag
      a = _mm_xor_si128(_mm_slli_epi32(a, 1), _mm_srai_epi32(a, 31));
      b = _mm_xor_si128(_mm_slli_epi32(b, 1), _mm_srai_epi32(b, 31));
    }
    all = _mm_or_si128(all, _mm_or_si128(a, b));
    const __m128i x = _mm_packs_epi32(a, b);  // exact below 2^14, checked after
    const __m128i high = _mm_srli_epi16(x, 7);
    const __m128i one_byte = _mm_cmpeq_epi16(high, _mm_setzero_si128());  // all ones where x < 128
    const __m128i more = _mm_add_epi16(one_byte, _mm_set1_epi16(1));     // 1 where two bytes
    // x alone, or x + (high + 1) << 7: its low 7 bits with the continuation bit, then its high 7 bits
    _mm_store_si128(reinterpret_cast<__m128i*>(words + 8 * j),
                    _mm_add_epi16(x, _mm_slli_epi16(_mm_add_epi16(high, more), 7)));
    two_bytes |= static_cast<std::uint32_t>(~_mm_movemask_epi8(one_byte) & 0xFFFF) << (16 * j);
  }
  const __m128i large = _mm_cmpeq_epi32(_mm_srli_epi32(all, 14), _mm_setzero_si128());
  if (_mm_movemask_epi8(large) != 0xFFFF) return nullptr;
  // Loaded back from memory (volatile: the compiler would extract each lane with shuffles instead, which share one
  // port on Intel cores and took 7% longer).
  const volatile std::uint16_t* stored = words;
  for (std::size_t k = 0; k < n; ++k) {
    const std::uint16_t word = stored[k];
    std::memcpy(p, &word, 2);  // x86 is little-endian: the first byte first
    p += 1 + (two_bytes >> (2 * k) & 1);
  }
  return p;
}
#endif

/// A record's fields, in id order: with a key before each (Keyed) or after a dense header (their values alone), in
/// the dense varint layout or (Fixed) the fixed one.
template <bool Keyed, bool Fixed = false, class W, class T>
void write_fields(W& w, const T& v) {
  static_assert(!(Keyed && Fixed), "the fixed layout is dense");
#if PRISM_SSE2
  if constexpr (!Keyed && !Fixed && packed_int32_record<T>()) {
    if (char* end = put_short_int32_fields(w.reserve(2 * field_count_of<T>), v)) return w.commit(end);
  }
#endif
  constexpr auto plan = plan_record<T, Keyed>();
  std::uint32_t prev = 0;
  char* p = nullptr;  // in a run of scalars
  [&]<std::size_t... K>(std::index_sequence<K...>) {
    auto one = [&]<std::size_t k>(std::integral_constant<std::size_t, k>) {
      constexpr std::size_t I = field_order<T>[k];
      if constexpr (!field_is_stored<T, I>()) {
        return true;
      } else if constexpr (plan.scalar[k]) {
        if constexpr (plan.run[k] != 0) p = w.reserve(plan.run[k]);
        if constexpr (Keyed) {
          constexpr std::uint32_t id = field_id<T, I>();
          p = put_varint(p, std::uint64_t{id - prev} << 4 | static_cast<unsigned>(wire_of<field_type_of<T, I>>()));
          prev = id;
        }
        if constexpr (Fixed && field_may_be_fixed<T, I>()) {
          p = put_fixed(p, static_cast<std::make_unsigned_t<field_type_of<T, I>>>(get_field<I>(v)));
        } else {
          w.check_scalar(get_field<I>(v));
          p = put_scalar(p, get_field<I>(v));
        }
        if constexpr (plan.closes_run[k]) {
          if constexpr (plan.end_in_run && k + 1 == sizeof...(K)) *p++ = 0;
          w.commit(p);
        }
        return true;
      } else {
        return write_member<Keyed>(w, get_field<I>(v), field_id<T, I>(), prev,
                                   [&] { prism::detail::prepend_path(w.error_path(), ".", field_name_of<T, I>); });
      }
    };
    (void)one;  // a record with no fields
    (void)(one(std::integral_constant<std::size_t, K>{}) && ...);
  }(std::make_index_sequence<field_count_of<T>>{});
  if constexpr (Keyed && !plan.end_in_run) w.byte(0);
}

/// A record of T in the dense form, in the varint layout or (Fixed) the fixed one; or keyed when so few of its fields
/// hold a value that keys and the end byte are shorter than the header.
template <bool Fixed, class W, class T>
[[gnu::always_inline]] inline void write_dense(W& w, const T& v) {
  auto header = dense_header<T, Fixed>;
  std::size_t holding = 0;  // fields holding a value
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    auto clear = [&]<std::size_t J>(std::integral_constant<std::size_t, J>) {
      if constexpr (field_is_stored<T, J>()) {
        if constexpr (!always_holds<field_type_of<T, J>>) {
          if (!holds_value(get_field<J>(v))) {
            constexpr std::uint32_t id = field_id<T, J>();
            header[dense_count_bytes<T> + nibble_byte(id)] |= static_cast<unsigned char>(absent << nibble_shift(id));
            return;
          }
        }
        ++holding;
      }
    };
    (clear(std::integral_constant<std::size_t, I>{}), ...);
  }(std::make_index_sequence<field_count_of<T>>{});
  if (header.size() > holding + 1) {  // keys (a byte each, nearly always) and the end byte are shorter
    write_fields<true>(w, v);
  } else {
    if constexpr (header.size() <= io::min_window) {
      char* p = w.reserve(header.size());
      std::memcpy(p, header.data(), header.size());
      w.commit(p + header.size());
    } else {
      w.raw(header.data(), header.size());
    }
    write_fields<false, Fixed>(w, v);
  }
}

/// write_dense in the fixed layout if prefer_fixed_fields(v), else nothing (false). Apart, so that records of small
/// values pay one inlined check (of a first field) and the varint layout's code is inlined as it would be alone.
template <class W, class T>
[[gnu::noinline]] bool write_dense_fixed(W& w, const T& v) {
  if (!prefer_fixed_fields(v)) return false;
  write_dense<true>(w, v);
  return true;
}

/// The index of T's first field that field_may_be_fixed.
template <class T>
consteval std::size_t first_fixed_field() {
  return []<std::size_t... I>(std::index_sequence<I...>) {
    std::size_t first = sizeof...(I);
    ((field_may_be_fixed<T, I>() && first == sizeof...(I) ? (first = I) : 0), ...);
    return first;
  }(std::make_index_sequence<field_count_of<T>>{});
}

/// A record: dense (a count, a wire-type nibble per id, then the values) or keyed (a key before each value, then
/// the end byte), as docs/binary-format.md says. Records whose ids run from 1 with few gaps are dense, unless so
/// few of their fields hold a value that the keyed form is shorter.
template <class W, class T>
void write_record(W& w, const T& v) {
  static_assert(ids_are_valid<T>(), "prism: the binary ids of this record's fields are not unique (or one is 0)");
  if (!w.enter()) return;
  if constexpr (!is_dense<T>()) {
    write_fields<true>(w, v);
  } else {
    bool fixed = false;
    if constexpr (has_fixed_layout<T>())
      fixed = takes_fixed_bytes(get_field<first_fixed_field<T>()>(v)) && write_dense_fixed(w, v);
    if (!fixed) write_dense<false>(w, v);
  }
  w.leave();
}

/// A kind::dynamic value (json::value): a choice naming its JSON type (dynamic_names), its wire type, its value;
/// an array's elements and an object's values are such choices in turn (docs/binary-format.md, "Any JSON value").
template <class W, class T>
void write_dynamic(W& w, const T& v) {
  if (!w.enter()) return;
  adapter<T>::visit(v, [&](const auto& x) {
    using X = std::remove_cvref_t<decltype(x)>;
    if constexpr (std::is_same_v<X, std::nullptr_t>) {
      w.type_name(dynamic_names::null);
      w.byte(static_cast<unsigned>(wire::ref));
      w.varint(0);
    } else if constexpr (std::is_same_v<X, std::string_view> || std::is_same_v<X, dynamic_number>) {
      std::string_view text;
      if constexpr (std::is_same_v<X, std::string_view>) {
        w.type_name(dynamic_names::string);
        text = x;
      } else {
        w.type_name(dynamic_names::number);
        text = x.text;
      }
      w.byte(static_cast<unsigned>(wire::bytes));
      w.varint(text.size());
      w.raw(text.data(), text.size());
    } else if constexpr (std::is_same_v<X, bool> || std::is_same_v<X, std::int64_t> || std::is_same_v<X, std::uint64_t> ||
                         std::is_same_v<X, double>) {
      w.type_name(std::is_same_v<X, bool>           ? dynamic_names::boolean
                  : std::is_same_v<X, std::int64_t> ? dynamic_names::integer
                  : std::is_same_v<X, double>       ? dynamic_names::real
                                                    : dynamic_names::unsigned_integer);
      w.byte(static_cast<unsigned>(wire_of<X>()));
      w.commit(put_scalar(w.reserve(scalar_max_size<X>()), x));
    } else if constexpr (requires { x.elements; }) {
      w.type_name(dynamic_names::array);
      w.byte(static_cast<unsigned>(wire::seq));
      if (x.elements.empty()) return w.byte(0);
      write_seq_header(w, x.elements.size(), wire::choice);
      if (!w.enter()) return;  // the sequence is a level of its own, as the reader counts it
      std::size_t i = 0;
      for (const auto& e : x.elements) {
        write_dynamic(w, e);
        if (!w.ok()) [[unlikely]]
          return prism::detail::prepend_path(w.error_path(), "[", std::to_string(i), "]");
        ++i;
      }
      w.leave();
    } else {
      static_assert(requires { x.members; }, "adapter<T>::visit of a kind::dynamic type calls f with one of core/kind.hpp's types");
      w.type_name(dynamic_names::object);
      w.byte(static_cast<unsigned>(wire::map));
      w.varint(x.members.size());
      if (x.members.empty()) return;
      w.byte(static_cast<unsigned>(wire::bytes) << 4 | static_cast<unsigned>(wire::choice));
      if (!w.enter()) return;  // the map too
      for (const auto& m : x.members) {
        std::string_view key = m.key();
        w.varint(key.size());
        w.raw(key.data(), key.size());
        write_dynamic(w, m.value());
        if (!w.ok()) [[unlikely]]
          return prism::detail::prepend_path(w.error_path(), "[\"", key, "\"]");
      }
      w.leave();
    }
  });
  w.leave();
}

template <class W, class T>
void write_value(W& w, const T& v) {
  constexpr kind k = kind_of<T>;
  if constexpr (is_weak_ptr<T>) {
    write_value(w, v.lock());
  } else if constexpr (k == kind::null) {
    w.varint(0);
  } else if constexpr (is_scalar<T>) {
    w.check_scalar(v);
    w.commit(put_scalar(w.reserve(scalar_max_size<T>()), v));
  } else if constexpr (k == kind::string) {
    if constexpr (prism::detail::may_be_null<T>) {  // a C string standing alone is a ref
      if (prism::detail::is_null(v)) return w.varint(0);
      w.varint(ref_value(wire::bytes));
    }
    auto s = adapter<T>::view(v);
    w.varint(s.size());
    w.raw(s.data(), s.size());
  } else if constexpr (k == kind::bytes) {
    std::span<const std::byte> b = adapter<T>::view(v);
    w.varint(b.size());
    w.raw(b.data(), b.size());
  } else if constexpr (k == kind::optional || k == kind::pointer) {
    const auto* p = adapter<T>::get(v);
    if (!p) return w.varint(0);
    using V = typename adapter<T>::value_type;
    if constexpr (k == kind::optional) {
      w.varint(ref_value(wire_of<V>()));
      write_value(w, *p);
    } else {
      if constexpr (has_identity<T>) {
        auto [number, first] = w.shared_object(dynamic_address(p));
        if (!first) return w.varint(ref_back(number));
        w.varint(ref_new_shared(pointee_wire_of<V>()));
      } else {
        w.varint(ref_value(pointee_wire_of<V>()));
      }
      write_pointee(w, *p);
    }
  } else if constexpr (k == kind::variant) {
    static_assert([]<class... A>(std::type_identity<std::variant<A...>>) {
      return prism::detail::distinct_alternative_names<A...>();
    }(std::type_identity<T>{}), "prism: the alternatives of this variant have the same name; see docs/data-model.md");
    if (!w.enter()) return;
    std::visit(
        [&](const auto& alt) {
          using A = std::remove_cvref_t<decltype(alt)>;
          static constexpr std::string_view name = prism::detail::alternative_name<A>();
          const bool was_ok = w.ok();
          w.type_name(name);  // a choice: the alternative's name (or its number), its wire type, its value
          w.byte(static_cast<unsigned>(wire_of<A>()));
          write_value(w, alt);
          if (was_ok && !w.ok()) prism::detail::prepend_path(w.error_path(), ".", std::to_string(v.index()));
        },
        v);
    w.leave();
  } else if constexpr (k == kind::tuple) {
    if (!w.enter()) return;
    std::uint32_t prev = 0;
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (void)(write_member(w, std::get<I>(v), static_cast<std::uint32_t>(I + 1), prev,
                          [&] { prism::detail::prepend_path(w.error_path(), "[", std::to_string(I), "]"); }) &&
             ...);
    }(std::make_index_sequence<std::tuple_size_v<T>>{});
    w.byte(0);
    w.leave();
  } else if constexpr (k == kind::sequence) {
    using E = std::ranges::range_value_t<T>;
    std::size_t n = 0;
    if constexpr (requires { std::size(v); }) n = std::size(v);
    else n = static_cast<std::size_t>(std::distance(std::begin(v), std::end(v)));
    if (n == 0) return w.byte(0);
    if constexpr (is_wide_integer<E> && requires { std::data(v); }) {
      if (prefer_fixed(std::data(v), n)) {  // large values: 4 or 8 bytes each, copied as they are
        write_seq_header(w, n, fixed_integer_wire<E>());
        if constexpr (std::endian::native == std::endian::little) {
          w.raw(std::data(v), n * sizeof(E));
        } else {
          for (E e : v) w.fixed_integer(e);
        }
        return;
      }
    }
    write_seq_header(w, n, wire_of<E>());
    if constexpr (kind_of<E> == kind::floating && std::endian::native == std::endian::little &&
                  requires { std::data(v); }) {
      w.raw(std::data(v), n * sizeof(E));  // already the wire's layout
    } else if constexpr (is_scalar<E>) {  // a window's worth at a time
      constexpr std::size_t most = scalar_max_size<E>(), per_window = io::min_window / most;
      if (!w.enter()) return;
      auto it = std::begin(v);
      for (std::size_t left = n; left != 0;) {
        std::size_t batch = std::min(left, per_window);
        char* p = w.reserve(batch * most);
        for (std::size_t i = 0; i < batch; ++i, ++it) {
          w.check_scalar(*it);
          p = put_scalar(p, *it);
        }
        w.commit(p);
        left -= batch;
      }
      w.leave();
    } else {
      if (!w.enter()) return;
      std::size_t i = 0;
      for (const E& e : v) {
        write_value(w, e);
        if (!w.ok()) [[unlikely]]
          return prism::detail::prepend_path(w.error_path(), "[", std::to_string(i), "]");
        ++i;
      }
      w.leave();
    }
  } else if constexpr (k == kind::map) {
    using K = typename adapter<T>::key_type;
    using V = typename adapter<T>::mapped_type;
    w.varint(v.size());
    if (v.empty()) return;
    // Keys, and values, of 32 or 64 bits are fixed-width by the rule of sequences (prefer_fixed), each side on its
    // own, in one walk of the first pairs.
    bool fixed_keys = false, fixed_values = false;
    if constexpr (is_wide_integer<K> || is_wide_integer<V>) {
      std::size_t sample = 0, large_keys = 0, large_values = 0;
      for (auto it = v.begin(); sample < fixed_sample && it != v.end(); ++it, ++sample) {
        if constexpr (is_wide_integer<K>) large_keys += takes_fixed_bytes(it->first);
        if constexpr (is_wide_integer<V>) large_values += takes_fixed_bytes(it->second);
      }
      fixed_keys = mostly_large(large_keys, sample);
      fixed_values = mostly_large(large_values, sample);
    }
    const wire key_wire = fixed_keys ? fixed_integer_wire<K>() : wire_of<K>();  // fixed only for wide integers
    const wire value_wire = fixed_values ? fixed_integer_wire<V>() : wire_of<V>();
    w.byte(static_cast<unsigned>(key_wire) << 4 | static_cast<unsigned>(value_wire));
    if (!w.enter()) return;
    auto pairs = [&]<bool FixedKeys, bool FixedValues>() {
      if constexpr (is_scalar<K> && is_scalar<V>) {  // a pair in one window, checked once: nothing can fail
        auto put = [&]<bool Fixed, class X>(char* p, const X& x) {
          if constexpr (Fixed) {
            return put_fixed(p, static_cast<std::make_unsigned_t<X>>(x));
          } else {
            w.check_scalar(x);
            return put_scalar(p, x);
          }
        };
        for (const auto& [key, value] : v)
          w.commit(put.template operator()<FixedValues>(put.template operator()<FixedKeys>(
                                                            w.reserve(scalar_max_size<K>() + scalar_max_size<V>()), key),
                                                        value));
      } else {
        std::size_t i = 0;
        for (const auto& [key, value] : v) {
          if constexpr (FixedKeys) w.fixed_integer(key);
          else write_value(w, key);
          if constexpr (FixedValues) w.fixed_integer(value);
          else write_value(w, value);
          if (!w.ok()) [[unlikely]]
            return prism::detail::prepend_path(w.error_path(), "[", std::to_string(i), "]");
          ++i;
        }
      }
      w.leave();
    };
    if constexpr (is_wide_integer<K> || is_wide_integer<V>) {
      if (fixed_keys && fixed_values) return pairs.template operator()<is_wide_integer<K>, is_wide_integer<V>>();
      if (fixed_keys) return pairs.template operator()<is_wide_integer<K>, false>();
      if (fixed_values) return pairs.template operator()<false, is_wide_integer<V>>();
    }
    pairs.template operator()<false, false>();
  } else if constexpr (k == kind::record) {
    write_record(w, v);
  } else if constexpr (k == kind::surrogate) {
    write_value(w, std::invoke(description<T>.to, v));
  } else if constexpr (k == kind::dynamic) {
    write_dynamic(w, v);
  } else {
    (void)not_describable<T>::value;
  }
}

/// The most bytes v takes, where that is cheap to know: max_size_of<T>(), or a sized sequence of elements that have
/// one, or a string; else 0.
template <class T>
std::size_t size_bound(const T& v) {
  if constexpr (max_size_of<T>() != 0) {
    return max_size_of<T>();
  } else if constexpr (kind_of<T> == kind::sequence && requires { std::size(v); }) {
    return seq_max_size(std::size(v), max_size_of<std::ranges::range_value_t<T>>());
  } else if constexpr (kind_of<T> == kind::string && !prism::detail::may_be_null<T>) {
    return 10 + adapter<T>::view(v).size();  // a varint of the length, the bytes
  } else {
    return 0;
  }
}

}  // namespace detail

/// Writes `value` as a prism binary document into `out`: a std::vector<std::byte>, std::string or
/// std::vector<char> (appended to), FILE*, std::ostream, a prism::io sink (fixed_sink, fd_sink, counting_sink...),
/// or any type with `bool write(const char*, size_t)`. Returns the number of bytes written, or the first error with
/// the path of the value that caused it. Allocates nothing unless `out` has to grow or the model holds shared_ptr
/// or weak_ptr (a table of the objects written).
template <class T, class Out>
result<std::size_t> write(const T& value, Out&& out, const write_options& opts = {}) {
  auto&& sink = io::make_sink(out);
  const std::size_t body = detail::size_bound(value);
  detail::writer<std::remove_cvref_t<decltype(sink)>> w(sink, opts, body == 0 ? 0 : 1 + body);  // 1: the format byte
  w.byte(format_version << 4 | static_cast<unsigned>(wire_of<T>()));
  detail::write_value(w, value);
  return w.finish();
}

/// `value` as a prism binary document.
///   std::vector<std::byte> bytes = prism::bin::to_bytes(order).value();
template <class T>
result<std::vector<std::byte>> to_bytes(const T& value, const write_options& opts = {}) {
  std::vector<std::byte> out;
  auto r = write(value, out, opts);
  if (!r) return r.error();
  return out;
}

}  // namespace prism::bin
