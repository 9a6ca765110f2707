// prism: reading the binary format (docs/binary-format.md), the writer's mirror. Fields are matched by id, values
// converted where the format allows it (integer widths and signedness range-checked, float and double), unknown
// fields skipped by their wire type. Every length and count is checked against the bytes left before anything is
// allocated; nesting is bounded by max_depth.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <concepts>
#include <ranges>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <deque>
#include <functional>
#include <limits>
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
#include "../core/detail/reused_nodes.hpp"
#include "../core/detail/simd.hpp"
#include "../core/kind.hpp"
#include "../core/result.hpp"
#include "../io/source.hpp"
#include "wire.hpp"
#include "write.hpp"

namespace prism::bin {

/// How prism reads binary documents.
struct read_options {
  std::size_t max_depth = 512;  ///< deeper nesting fails with depth_exceeded before any recursion goes deeper
  std::size_t max_alloc_bytes = std::size_t{1} << 30;  ///< the most bytes of container elements and map entries one read makes (sizeof each): past it, limit_exceeded
  /// Accept an enum's values that have no enumerator (flag combinations). By default they fail with
  /// unknown_enumerator, as in JSON, for enums whose enumerators prism finds (within prism::enum_range): a value
  /// a newer model added is an error to an older reader, never a value it cannot name.
  bool unnamed_enum_values = false;
};

namespace detail {

/// A key per type, to check that a shared object is read back into a pointer of the type it was written from.
template <class T>
inline constexpr char type_key = 0;

struct context {
  context(std::span<const std::byte> in, const read_options& o)
      : begin(reinterpret_cast<const unsigned char*>(in.data())), p(begin), end(begin + in.size()), opts(o) {}
  const unsigned char* begin;
  const unsigned char* p;
  const unsigned char* end;
  read_options opts;
  std::size_t depth = 0;
  std::size_t alloc_left = opts.max_alloc_bytes;  ///< what is left of read_options::max_alloc_bytes (see charge)
  std::size_t ahead = 0;  ///< the least bytes the elements still to come of the sequences being read take (read_sequence)
  struct object {
    std::shared_ptr<void> value;  ///< null for objects only skipped or read into unshared targets
    const void* type;
    bool complete = true;  ///< false while its value is being read: shared_ptrs to it would close a cycle
  };
  /// An object only skipped (in a field this model does not know): where its value starts, its wire type, and the
  /// number of names the document had named before it, for a later reference to read it from there (materialize).
  struct skipped_object {
    std::size_t number;
    const unsigned char* at;
    wire inner;
    std::size_t names_before;
  };
  /// While an object skipped earlier is read from its bytes (materialize): the numbers the objects and names met
  /// again take, which they took when they were skipped; npos otherwise.
  std::size_t replay_object = std::size_t(-1), replay_name = std::size_t(-1);
  struct tables {
    /// Shared objects, by number. A deque: it grows by small blocks, never moving what it holds, where a vector would
    /// move every entry at each doubling and ask for ever larger blocks (which make glibc's malloc gather its free
    /// small chunks first, those of the objects a previous document freed).
    std::deque<object> objects;
    std::vector<skipped_object> skipped;  ///< in the order of their numbers
    std::vector<std::string> type_names;
    /// By type name number: the base it was last looked up for (its type_key) and its position among that base's
    /// subtypes, so that each name is compared with the subtypes' once per document rather than once per object.
    std::vector<std::pair<const void*, std::size_t>> type_lookups;
  };

  std::size_t left() const noexcept { return static_cast<std::size_t>(end - p); }
  /// What shared and polymorphic pointers number, made at the first of them: a document without any pays nothing.
  std::deque<object>& objects() { return (tables_ ? *tables_ : tables_.emplace()).objects; }
  std::vector<skipped_object>& skipped() { return (tables_ ? *tables_ : tables_.emplace()).skipped; }
  std::vector<std::string>& type_names() { return (tables_ ? *tables_ : tables_.emplace()).type_names; }
  std::vector<std::pair<const void*, std::size_t>>& type_lookups() {
    return (tables_ ? *tables_ : tables_.emplace()).type_lookups;
  }
  /// The error, made by fail(); its path grows as the failure unwinds.
  error& err() { return err_ ? *err_ : err_.emplace(); }

 private:
  std::optional<tables> tables_;
  std::optional<error> err_;
};

[[gnu::cold]] inline bool fail(context& c, error_code code, const unsigned char* at, std::string detail) {
  error& e = c.err();
  e.code = code;
  e.offset = static_cast<std::size_t>(at - c.begin);
  e.detail = std::move(detail);
  e.path.clear();
  return false;
}

[[gnu::cold, gnu::noinline]] inline bool too_deep(context& c) {
  return fail(c, error_code::depth_exceeded, c.p, "nesting deeper than max_depth (" + std::to_string(c.opts.max_depth) + ")");
}

[[gnu::cold, gnu::noinline]] inline bool fail_alloc(context& c, const unsigned char* at) {
  return fail(c, error_code::limit_exceeded, at,
              "the elements read would take more than read_options::max_alloc_bytes (" +
                  std::to_string(c.opts.max_alloc_bytes) + " bytes)");
}

/// Counts `n` new elements of type V against read_options::max_alloc_bytes before they are made: a count is
/// bounded by the input's length, but an element may take far more memory than its bytes on the wire.
template <class V>
[[gnu::always_inline]] inline bool charge(context& c, const unsigned char* at, std::size_t n = 1) {
  if (n > c.alloc_left / sizeof(V)) [[unlikely]]
    return fail_alloc(c, at);
  c.alloc_left -= n * sizeof(V);
  return true;
}

/// Numbers a shared object met for the first time in the document, that no shared_ptr of this model holds: the next
/// number, or while an object skipped earlier is read again, the one it took then.
inline std::size_t number_object(context& c) {
  if (c.replay_object != std::size_t(-1)) [[unlikely]]
    return c.replay_object++;
  c.objects().push_back({nullptr, nullptr});
  return c.objects().size() - 1;
}

[[gnu::always_inline]] inline bool enter(context& c) {
  if (++c.depth > c.opts.max_depth) [[unlikely]]
    return too_deep(c);
  return true;
}

/// A varint read: its value, or ok = false with c.err set. Returned in registers, so that no caller's value has to
/// live in memory for the sake of the out-of-line careful path.
struct varint_read {
  std::uint64_t value;
  bool ok;
};

/// Any varint, byte by byte, with every check: where the fast paths give up, and where errors are reported.
[[gnu::cold, gnu::noinline]] inline varint_read read_varint_careful(context& c) {
  const unsigned char* start = c.p;
  std::uint64_t v = 0;
  for (unsigned i = 0; i < 10; ++i) {
    if (c.p == c.end) return {0, fail(c, error_code::unexpected_end, start, "varint cut short by the end of the input")};
    unsigned b = *c.p++;
    if (i == 9 && b > 1) return {0, fail(c, error_code::invalid_value, start, "varint above 2^64 - 1")};
    v |= std::uint64_t{b & 0x7f} << (7 * i);
    if (b < 0x80) {
      if (b == 0 && i > 0) return {0, fail(c, error_code::invalid_value, start, "overlong varint (not its shortest encoding)")};
      return {v, true};
    }
  }
  return {0, false};  // unreachable: the tenth byte is below 0x80 or failed above
}

inline std::uint64_t load_le64(const unsigned char* p) noexcept {
  std::uint64_t x;
  std::memcpy(&x, p, 8);
  if constexpr (std::endian::native == std::endian::big) x = __builtin_bswap64(x);
  return x;
}

/// The next varint. One and two bytes (keys, counts, small numbers) come first; then, for a target of 32 bits or
/// fewer (Narrow), at most 5 bytes, as a longer varint would be out of range or overlong: a load, an add and a test
/// a byte. Otherwise up to 8 bytes at once. Anything else (longer, overlong, cut short, near the end of the input)
/// goes to the careful path, which reads it or says what is wrong. (Telling one byte from two without a branch
/// measured slower: it makes each varint's position wait for the load of the one before.)
template <bool Narrow = false>
[[gnu::always_inline]] inline varint_read next_varint(context& c, const unsigned char*& p) {
  if (p != c.end && *p < 0x80) [[likely]]
    return {*p++, true};
  std::size_t left = static_cast<std::size_t>(c.end - p);
  if (left >= 2 && p[1] < 0x80 && p[1] != 0) [[likely]] {  // a zero second byte is overlong
    p += 2;
    return {(p[-2] & 0x7fu) | std::uint64_t{p[-1]} << 7, true};
  }
  if constexpr (Narrow) {
    if (left >= 5 && p[1] >= 0x80) [[likely]] {  // p[1] below 0x80 here is a zero: overlong, for the careful path
      std::uint64_t v = (p[0] & 0x7fu) + (std::uint64_t{p[1]} << 7);  // p[1]'s stop bit taken off below
      for (std::size_t i = 2; i < 5; ++i) {
        unsigned b = p[i];
        v += (std::uint64_t{b} << (7 * i)) - (std::uint64_t{0x80} << (7 * (i - 1)));  // the stop bit before off
        if (b < 0x80) {
          if (b == 0) [[unlikely]]
            break;  // overlong
          p += i + 1;
          return {v, true};
        }
      }
    }
  }
  if constexpr (!Narrow) {
    if (left >= 8) [[likely]] {
      std::uint64_t x = load_le64(p);
      std::uint64_t stop = ~x & 0x8080808080808080u;
      std::uint64_t mask = stop ^ (stop - 1);  // the varint's bytes: up to its first clear high bit
      // else longer than 8 bytes, or overlong (a last byte of 0 after the first)
      if (stop != 0 && (x & mask & ~(mask >> 8)) != 0) {
        x &= mask;
        x = ((x & 0x7f007f007f007f00u) >> 1) | (x & 0x007f007f007f007fu);
        x = ((x & 0x3fff00003fff0000u) >> 2) | (x & 0x00003fff00003fffu);
        x = ((x & 0x0fffffff00000000u) >> 4) | (x & 0x000000000fffffffu);
        p += (static_cast<unsigned>(__builtin_ctzll(stop)) + 1) / 8;
        return {x, true};
      }
    }
  }
  c.p = p;
  varint_read r = read_varint_careful(c);
  p = c.p;
  return r;
}

#if PRISM_SSE2
/// N varints of one or two bytes each at p (N <= 15), as small values tend to be, decoded without a branch on any
/// one's length, into out as integers of either signedness (zigzag undone when Signed). The branch per varint of
/// next_varint is mispredicted on random lengths once a document is too large for the processor to learn, and
/// branch-free code that finds each varint from the one before waits on every load (measured slower either way);
/// here the value a varint would have at each of the 32 bytes from p is computed at once in vector lanes, and the
/// continuation bits say where the varints start. Returns the end, or nullptr when fewer than 33 bytes are left or a
/// varint is longer or overlong; the caller then reads them one at a time. (Portable builds always do.)
template <bool Signed, std::size_t N>
[[gnu::always_inline]] inline const unsigned char* decode_short_varints(const unsigned char* p, const unsigned char* end,
                                                                       std::array<std::int32_t, N>& out) noexcept {
  static_assert(N >= 1 && 2 * N <= 30);
  if (end - p < 33 || (p[0] & p[1] & 0x80) != 0) return nullptr;  // the first varint is long: values are large
  const auto load = [p](int at) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + at)); };
  const __m128i low = load(0), high = load(16), zeros = _mm_setzero_si128();
  const auto bits = [](__m128i lo, __m128i hi) {
    return static_cast<std::uint32_t>(_mm_movemask_epi8(lo)) | static_cast<std::uint32_t>(_mm_movemask_epi8(hi)) << 16;
  };
  const std::uint32_t more = bits(low, high);  // bytes after which a varint continues
  const std::uint32_t zero = bits(_mm_cmpeq_epi8(low, zeros), _mm_cmpeq_epi8(high, zeros));
  // A byte that continues a varint after another that does makes it three bytes or more, and a second byte of 0
  // is overlong. Looked at over the 2N bytes the varints can take (bytes past the last may refuse a good run).
  constexpr std::uint32_t span = (std::uint32_t{1} << (2 * N)) - 1;
  if (((more & (more >> 1)) | ((more << 1) & zero)) & span) return nullptr;
  // The 16-bit little-endian word at each byte, as the varint it would start: its low 7 bits, and the next byte's 7
  // more where its high bit says the varint continues; 8 bytes' words to a vector, interleaved from loads one byte
  // apart, as far as the last byte a varint can start at (2N - 2).
  const auto value = [](__m128i w) {
    const __m128i two = _mm_cmpeq_epi16(_mm_and_si128(w, _mm_set1_epi16(0x80)), _mm_set1_epi16(0x80));
    __m128i v = _mm_or_si128(_mm_and_si128(w, _mm_set1_epi16(0x7f)),
                             _mm_and_si128(_mm_srli_epi16(w, 1), _mm_and_si128(two, _mm_set1_epi16(0x3f80))));
    if constexpr (Signed)  // zigzag: v / 2, negated where v is odd
      v = _mm_xor_si128(_mm_srli_epi16(v, 1), _mm_sub_epi16(_mm_setzero_si128(), _mm_and_si128(v, _mm_set1_epi16(1))));
    return v;
  };
  constexpr int vectors = (2 * static_cast<int>(N) - 2) / 8 + 1;
  alignas(16) std::int16_t at_byte[std::size_t{8} * vectors];
  const __m128i from1 = load(1);
  const auto put = [&at_byte](int i, __m128i w) { _mm_store_si128(reinterpret_cast<__m128i*>(at_byte + 8 * i), w); };
  put(0, value(_mm_unpacklo_epi16(low, from1)));
  if constexpr (vectors > 1) put(1, value(_mm_unpackhi_epi16(low, from1)));
  if constexpr (vectors > 2) {
    const __m128i from17 = load(17);
    put(2, value(_mm_unpacklo_epi16(high, from17)));
    if constexpr (vectors > 3) put(3, value(_mm_unpackhi_epi16(high, from17)));
  }
  std::uint32_t starts = ~(more << 1);  // byte i starts a varint when byte i - 1 does not continue one
  for (std::size_t k = 0; k < N; ++k) {
    const int v = at_byte[__builtin_ctz(starts)];  // never 0: the byte after each varint starts another
    out[k] = Signed ? v : static_cast<std::uint16_t>(v);
    starts &= starts - 1;
  }
  return p + __builtin_ctz(starts);
}
#endif

inline bool read_varint(context& c, std::uint64_t& out) {
  auto [v, ok] = next_varint(c, c.p);
  out = v;
  return ok;
}

[[gnu::cold]] inline bool mismatch(context& c, const unsigned char* at, wire found, const char* expected) {
  return fail(c, error_code::type_mismatch, at,
              std::string("expected ") + expected + ", found wire type " + wire_name(static_cast<unsigned>(found)));
}

/// Reads a count of elements, each of at least `least` bytes, and checks that they fit in what is left.
inline bool read_count(context& c, std::size_t least, std::size_t& n) {
  const unsigned char* at = c.p;
  std::uint64_t v = 0;
  if (!read_varint(c, v)) return false;
  if (v > c.left() / least)
    return fail(c, error_code::unexpected_end, at, "count of " + std::to_string(v) + " elements beyond the end of the input");
  n = static_cast<std::size_t>(v);
  return true;
}

/// Why read_seq_header refuses the header at `at` (its first byte `first`, its count n): out of line, so that the
/// header's own code stays small enough to inline.
[[gnu::cold, gnu::noinline]] inline bool bad_seq_header(context& c, const unsigned char* at, unsigned first,
                                                        std::uint64_t n) {
  if (at == c.end) return fail(c, error_code::unexpected_end, at, "sequence header cut short by the end of the input");
  if ((first >> 4) == 0) return fail(c, error_code::invalid_value, at, "empty sequence with an element wire type");
  if ((first & 15) >= wire_types) return fail(c, error_code::invalid_value, at, "unknown wire type " + std::to_string(first & 15));
  return fail(c, error_code::unexpected_end, at, "count of " + std::to_string(n) + " elements beyond the end of the input");
}

/// A sequence's header: its count and, when it has elements, their wire type (`element` is left as it is for an
/// empty one); the count is checked against what the input can hold.
inline bool read_seq_header(context& c, std::size_t& count, wire& element) {
  const unsigned char* at = c.p;
  if (c.p == c.end) [[unlikely]]
    return bad_seq_header(c, at, 0, 0);
  const unsigned first = *c.p++;
  std::uint64_t n = first >> 4;
  if (n == 0) {
    if (first != 0) [[unlikely]]
      return bad_seq_header(c, at, first, n);
    count = 0;
    return true;
  }
  if ((first & 15) >= wire_types) [[unlikely]]
    return bad_seq_header(c, at, first, n);
  element = static_cast<wire>(first & 15);
  if (n >= seq_count_long) {  // the nibble plus 4 times the varint that follows
    std::uint64_t more = 0;
    if (!read_varint(c, more)) return false;
    if (more > (std::numeric_limits<std::uint64_t>::max() - n) >> 2) [[unlikely]]
      return fail(c, error_code::unexpected_end, at, "count of 2^64 elements or more beyond the end of the input");
    n += more << 2;
  }
  // Each element takes at least min_size bytes, a power of two: a shift rather than a division.
  if (n > c.left() >> std::countr_zero(min_size(element))) [[unlikely]]
    return bad_seq_header(c, at, first, n);
  count = static_cast<std::size_t>(n);
  return true;
}

/// A map's header: its count and, when it has pairs, the key and value wire types.
inline bool read_map_header(context& c, std::size_t& count, wire& key, wire& value) {
  const unsigned char* at = c.p;
  std::uint64_t v = 0;
  if (!read_varint(c, v)) return false;
  count = 0;
  if (v == 0) return true;
  if (c.p == c.end) return fail(c, error_code::unexpected_end, c.p, "map header cut short");
  unsigned kv = *c.p++;
  if ((kv >> 4) >= wire_types || (kv & 15) >= wire_types)
    return fail(c, error_code::invalid_value, c.p - 1, "unknown wire type in a map header");
  key = static_cast<wire>(kv >> 4);
  value = static_cast<wire>(kv & 15);
  if (v > c.left() / (min_size(key) + min_size(value)))
    return fail(c, error_code::unexpected_end, at, "count of " + std::to_string(v) + " pairs beyond the end of the input");
  count = static_cast<std::size_t>(v);
  return true;
}

bool skip(context& c, wire w);

/// Checks a record's field key (not the end byte) and advances `id` to the field's id: the same rules wherever a
/// record is read, skipped or dumped.
inline bool check_key(context& c, std::uint64_t key, const unsigned char* at, std::uint64_t& id) {
  if ((key & 15) >= wire_types) return fail(c, error_code::invalid_value, at, "unknown wire type " + std::to_string(key & 15));
  if ((key >> 4) == 0) return fail(c, error_code::invalid_value, at, "field key with no id step");
  id += key >> 4;
  if (id > std::numeric_limits<std::uint32_t>::max()) return fail(c, error_code::invalid_value, at, "field id beyond 2^32 - 1");
  return true;
}

/// A dense record's header, c.p at its first byte (1 to 15): the count of ids, and where their nibbles start, all
/// within the input; an odd count's padding nibble is checked to be 0 (read_members checks the others).
inline bool read_dense_header(context& c, std::uint64_t& n, const unsigned char*& nibbles) {
  const unsigned char* at = c.p;
  n = *c.p++;
  if (n == dense_count_escape) {  // 15 plus the varint that follows
    std::uint64_t more = 0;
    if (!read_varint(c, more)) return false;
    if (more > std::numeric_limits<std::uint32_t>::max() - dense_count_escape)
      return fail(c, error_code::invalid_value, at, "dense record of more than 2^32 - 1 ids");
    n += more;
  }
  if ((n + 1) / 2 > c.left()) return fail(c, error_code::unexpected_end, at, "dense record header cut short by the end of the input");
  nibbles = c.p;
  c.p += (n + 1) / 2;
  if (n % 2 == 1 && (nibbles[n / 2] >> 4) != 0) return fail(c, error_code::invalid_value, nibbles + n / 2, "dense record padding nibble not 0");
  return true;
}

/// Reads a record's members from c.p, calling field(id, wire type) with c.p at each value, which field reads or
/// skips: the whole record when id is 0 (dense or keyed), or the rest of a keyed one after field `id`. Checks every
/// key and nibble. The one loop over a record's fields, for reading, skipping and dumping alike.
template <class F>
bool read_members(context& c, std::uint64_t id, F&& field) {
  if (id == 0 && c.p != c.end && *c.p != 0 && *c.p <= dense_count_escape) {
    std::uint64_t n = 0;
    const unsigned char* nibbles = nullptr;
    if (!read_dense_header(c, n, nibbles)) return false;
    for (std::uint64_t i = 1; i <= n; ++i) {
      unsigned w = nibbles[nibble_byte(i)] >> nibble_shift(i) & 15;
      if (w == absent) continue;
      if (w >= wire_types) return fail(c, error_code::invalid_value, nibbles + nibble_byte(i), "unknown wire type " + std::to_string(w));
      if (!field(static_cast<std::uint32_t>(i), static_cast<wire>(w))) return false;
    }
    return true;
  }
  for (;;) {
    const unsigned char* key_at = c.p;
    std::uint64_t key = 0;
    if (!read_varint(c, key)) return false;
    if (key == 0) return true;
    if (!check_key(c, key, key_at, id)) return false;
    if (!field(static_cast<std::uint32_t>(id), static_cast<wire>(key & 15))) return false;
  }
}

/// A record's fields, its nesting depth checked.
template <class F>
bool read_fields(context& c, F&& field) {
  if (!enter(c) || !read_members(c, 0, field)) return false;
  --c.depth;
  return true;
}

/// Reads a ref's value with read(). A ref may hold a ref (optional<optional<T>>): each such level counts as nesting,
/// so a chain of them is bounded by max_depth like any other nesting instead of recursing without limit.
template <class F>
bool read_ref_value(context& c, wire inner, F&& read) {
  if (inner != wire::ref) return read();
  if (!enter(c) || !read()) return false;
  --c.depth;
  return true;
}

/// Skips the ref whose h was just read.
inline bool skip_ref(context& c, std::uint64_t h, const unsigned char* at) {
  if (h == 0) return true;
  if (h & 1) {
    if ((h - 1) / 2 >= c.objects().size()) return fail(c, error_code::invalid_value, at, "reference to a shared object not yet seen");
    return true;
  }
  std::uint64_t v = h / 2 - 1;
  if (!is_ref_value(v)) return fail(c, error_code::invalid_value, at, "invalid ref header");
  auto inner = static_cast<wire>(v % 16);
  if (v >= 16) {  // numbered even when skipped, and found again if a later reference needs it
    const bool again = c.replay_object != std::size_t(-1);  // (then it was noted the first time)
    const std::size_t number = number_object(c);
    if (!again) c.skipped().push_back({number, c.p, inner, c.type_names().size()});
  }
  return read_ref_value(c, inner, [&] { return skip(c, inner); });
}

/// The name a poly's type or a choice's header t gives: odd, the number of a name seen before in the document; 2, a
/// name that follows, which takes the next number (subtypes and alternatives number their names together).
inline bool read_type_name(context& c, std::uint64_t t, const unsigned char* at, std::size_t& number) {
  if (t & 1) {
    const std::uint64_t index = (t - 1) / 2;  // checked before it narrows to a size_t
    if (index >= c.type_names().size()) return fail(c, error_code::invalid_value, at, "reference to a type name not yet seen");
    number = static_cast<std::size_t>(index);
    return true;
  }
  if (t != 2) return fail(c, error_code::invalid_value, at, "a name's header is 2 (or odd: a name seen before)");
  std::size_t n = 0;
  if (!read_count(c, 1, n)) return false;
  if (c.replay_name != std::size_t(-1)) {  // named when it was skipped: the same number again
    number = c.replay_name++;
  } else {
    c.type_names().emplace_back(reinterpret_cast<const char*>(c.p), n);
    number = c.type_names().size() - 1;
  }
  c.p += n;
  return true;
}

/// A choice's header, c.p at its first byte: the alternative's name (its number among the document's names) and the
/// wire type of the value that follows.
inline bool read_choice_header(context& c, std::size_t& name, wire& held) {
  const unsigned char* at = c.p;
  std::uint64_t t = 0;
  if (!read_varint(c, t)) return false;
  if (t == 0) return fail(c, error_code::invalid_value, at, "a choice names its alternative");
  if (!read_type_name(c, t, at, name)) return false;
  if (c.p == c.end) return fail(c, error_code::unexpected_end, c.p, "a choice cut short by the end of the input");
  if (*c.p >= wire_types) return fail(c, error_code::invalid_value, c.p, "unknown wire type " + std::to_string(*c.p));
  held = static_cast<wire>(*c.p++);
  return true;
}

/// Skips a value of wire type w, validating its structure (varints, lengths, references) as it goes.
inline bool skip(context& c, wire w) {
  const unsigned char* at = c.p;
  std::uint64_t v = 0;
  switch (w) {
    case wire::uint:
    case wire::sint:
      return read_varint(c, v);
    case wire::f32:
    case wire::f64:
    case wire::i32:
    case wire::u32:
    case wire::i64:
    case wire::u64:
      if (c.left() < min_size(w)) return fail(c, error_code::unexpected_end, at, "number cut short by the end of the input");
      c.p += min_size(w);
      return true;
    case wire::bytes: {
      std::size_t n = 0;
      if (!read_count(c, 1, n)) return false;
      c.p += n;
      return true;
    }
    case wire::record:
      return read_fields(c, [&](std::uint32_t, wire field) { return skip(c, field); });
    case wire::seq: {
      std::size_t n = 0;
      wire e = wire::uint;
      if (!read_seq_header(c, n, e)) return false;
      if (!enter(c)) return false;  // a level of nesting, as when read or dumped, even when skipped in one step
      if (is_fixed(e)) {
        c.p += n * min_size(e);
        --c.depth;
        return true;
      }
      for (std::size_t i = 0; i < n; ++i)
        if (!skip(c, e)) return false;
      --c.depth;
      return true;
    }
    case wire::map: {
      std::size_t n = 0;
      wire k = wire::uint, e = wire::uint;
      if (!read_map_header(c, n, k, e)) return false;
      if (!enter(c)) return false;  // a level of nesting, as when read or dumped, even when skipped in one step
      if (is_fixed(k) && is_fixed(e)) {  // read_map_header checked that the input holds them
        c.p += n * (min_size(k) + min_size(e));
        --c.depth;
        return true;
      }
      for (std::size_t i = 0; i < n; ++i)
        if (!skip(c, k) || !skip(c, e)) return false;
      --c.depth;
      return true;
    }
    case wire::ref:
      if (!read_varint(c, v)) return false;
      return skip_ref(c, v, at);
    case wire::poly: {
      if (!read_varint(c, v)) return false;
      std::size_t number = 0;
      if (v != 0 && !read_type_name(c, v, at, number)) return false;
      return skip(c, wire::record);
    }
    case wire::choice: {
      std::size_t name = 0;
      wire held = wire::uint;
      if (!read_choice_header(c, name, held)) return false;
      if (!enter(c)) return false;
      if (!skip(c, held)) return false;
      --c.depth;
      return true;
    }
  }
  return fail(c, error_code::invalid_value, at, "unknown wire type");
}

template <class T>
bool read_value(context& c, wire w, T& out);

// Scalars are read at a cursor p that the caller keeps in a local variable (c.p is left as it was), so that a run
// of them, in a record or a sequence, advances a register rather than a field of the context in memory.

/// The bits of a value of a fixed-width wire type w (f32, f64, i32, u32, i64, u64) at p, little-endian on every
/// machine; p moves past them. False (c.err() set) when the input ends first.
[[gnu::always_inline]] inline bool take_fixed(context& c, const unsigned char*& p, wire w, std::uint64_t& bits) {
  const std::size_t n = min_size(w);
  if (static_cast<std::size_t>(c.end - p) < n) [[unlikely]]
    return fail(c, error_code::unexpected_end, p, "number cut short by the end of the input");
  bits = 0;
  for (std::size_t i = 0; i < n; ++i) bits |= std::uint64_t{p[i]} << (8 * i);
  p += n;
  return true;
}

/// The value of the bits of a signed fixed-width integer of wire type w (i32 or i64).
constexpr std::int64_t fixed_signed(wire w, std::uint64_t bits) noexcept {
  return w == wire::i32 ? std::int64_t{static_cast<std::int32_t>(static_cast<std::uint32_t>(bits))}
                        : static_cast<std::int64_t>(bits);
}

/// Reads a fixed-width integer of wire type w (i32, u32, i64, u64) as a varint reader would see it: the unsigned
/// value for u32 and u64, the zigzag of the signed value for i32 and i64.
inline bool read_fixed_integer(context& c, const unsigned char*& p, wire w, std::uint64_t& u, bool& is_signed) {
  std::uint64_t bits = 0;
  if (!take_fixed(c, p, w, bits)) return false;
  is_signed = w == wire::i32 || w == wire::i64;
  u = is_signed ? zigzag(fixed_signed(w, bits)) : bits;
  return true;
}

template <class N>
[[gnu::cold, gnu::noinline]] bool out_of_range(context& c, const unsigned char* at, N value) {
  return fail(c, error_code::out_of_range, at, std::to_string(value) + " out of range for its target");
}

template <class I>
[[gnu::always_inline]] inline bool read_integer(context& c, const unsigned char*& p, wire w, I& out) {
  const unsigned char* at = p;
  std::uint64_t u = 0;
  if (is_fixed_integer(w)) {  // fixed-width: elements of an integer sequence, fields of a record's fixed layout
    std::uint64_t bits = 0;
    if (!take_fixed(c, p, w, bits)) [[unlikely]]
      return false;
    if (w == wire::u32 || w == wire::u64) {
      if (bits > static_cast<std::make_unsigned_t<I>>(std::numeric_limits<I>::max())) [[unlikely]]
        return out_of_range(c, at, bits);
      out = static_cast<I>(bits);
      return true;
    }
    const std::int64_t s = fixed_signed(w, bits);
    bool fits;
    if constexpr (std::is_signed_v<I>) fits = s >= std::numeric_limits<I>::min() && s <= std::numeric_limits<I>::max();
    else fits = s >= 0 && static_cast<std::uint64_t>(s) <= std::numeric_limits<I>::max();
    if (!fits) [[unlikely]]
      return out_of_range(c, at, s);
    out = static_cast<I>(s);
    return true;
  } else {
    if (w != wire::uint && w != wire::sint) return mismatch(c, at, w, "an integer");
    varint_read r = next_varint<sizeof(I) <= 4>(c, p);
    if (!r.ok) [[unlikely]]
      return false;
    u = r.value;
  }
  if (w == wire::uint) {
    if (u > static_cast<std::make_unsigned_t<I>>(std::numeric_limits<I>::max())) [[unlikely]]
      return out_of_range(c, at, u);
    out = static_cast<I>(u);
    return true;
  }
  std::int64_t s = unzigzag(u);
  if constexpr (std::is_signed_v<I>) {
    // zigzag keeps the width: a value fits I exactly when its zigzag fits I's unsigned twin
    if (sizeof(I) < 8 && (u >> (sizeof(I) * 8 - 1) >> 1) != 0) [[unlikely]]
      return out_of_range(c, at, s);
  } else {
    if (s < 0 || static_cast<std::uint64_t>(s) > std::numeric_limits<I>::max()) [[unlikely]]
      return out_of_range(c, at, s);
  }
  out = static_cast<I>(s);
  return true;
}

template <class F>
[[gnu::always_inline]] inline bool read_floating(context& c, const unsigned char*& p, wire w, F& out) {
  const unsigned char* at = p;
  if (w != wire::f32 && w != wire::f64) return mismatch(c, at, w, "a floating-point number");
  std::uint64_t bits = 0;
  if (!take_fixed(c, p, w, bits)) return false;
  if (w == wire::f32) {
    out = static_cast<F>(std::bit_cast<float>(static_cast<std::uint32_t>(bits)));
    return true;
  }
  double d = std::bit_cast<double>(bits);
  if constexpr (sizeof(F) == 4) {
    if (std::isfinite(d) && std::fabs(d) > static_cast<double>(std::numeric_limits<float>::max()))
      return fail(c, error_code::out_of_range, at, "double beyond the range of float");
  }
  out = static_cast<F>(d);
  return true;
}

/// Reads a scalar (bool, char, integer, enum, floating point, duration, time point) of wire type w: inlined, so
/// where w is a constant (fields and elements in the layout this model writes) the checks on it fold away.
template <class T>
[[gnu::always_inline]] inline bool read_scalar(context& c, const unsigned char*& p, wire w, T& out) {
  constexpr kind k = kind_of<T>;
  if constexpr (k == kind::boolean) {
    const unsigned char* at = p;
    std::uint8_t b = 0;
    if (!read_integer(c, p, w, b)) return false;
    if (b > 1) return fail(c, error_code::invalid_value, at, "a bool is 0 or 1");
    out = b != 0;
    return true;
  } else if constexpr (k == kind::character) {
    unsigned char ch = 0;
    if (!read_integer(c, p, w, ch)) return false;
    out = static_cast<char>(ch);
    return true;
  } else if constexpr (k == kind::integer) {
    return read_integer(c, p, w, out);
  } else if constexpr (k == kind::enumeration) {
    const unsigned char* at = p;
    std::underlying_type_t<T> u{};
    if (!read_scalar(c, p, w, u)) return false;
    if (!prism::detail::enum_value_allowed<T>(u) || (!c.opts.unnamed_enum_values && !prism::detail::enum_value_named(std::bit_cast<T>(u))))
      return fail(c, error_code::unknown_enumerator, at, std::to_string(+u) + " is no enumerator of " + std::string(prism::detail::type_name<T>()));
    out = std::bit_cast<T>(u);
    return true;
  } else if constexpr (k == kind::floating) {
    return read_floating(c, p, w, out);
  } else if constexpr (k == kind::duration) {
    typename T::rep count{};
    if (!read_scalar(c, p, w, count)) return false;
    out = T(count);
    return true;
  } else {
    static_assert(k == kind::timestamp);
    typename T::duration::rep count{};
    if (!read_scalar(c, p, w, count)) return false;
    out = T(typename T::duration(count));
    return true;
  }
}

/// read_scalar at c.p.
template <class T>
[[gnu::always_inline]] inline bool read_scalar(context& c, wire w, T& out) {
  const unsigned char* p = c.p;
  bool ok = read_scalar(c, p, w, out);
  c.p = p;
  return ok;
}

template <class S>
bool read_string(context& c, wire w, S& out) {
  const unsigned char* at = c.p;
  if (w != wire::bytes) return mismatch(c, at, w, "a string");
  std::size_t n = 0;
  if (!read_count(c, 1, n)) return false;
  std::string_view text(reinterpret_cast<const char*>(c.p), n);
  c.p += n;
  if constexpr (std::is_same_v<S, const char*>) {
    static_assert(sizeof(S) == 0, "prism: a C string cannot be read from binary input (it has no terminating NUL); use std::string");
    return false;
  } else if constexpr (requires { adapter<S>::views_text; }) {
    out = S(text.data(), text.size());  // zero copy: points into the input
    return true;
  } else {
    if (!adapter<S>::assign(out, text)) [[unlikely]]
      return fail(c, error_code::out_of_range, at, "string of " + std::to_string(n) + " bytes too long for its target");
    return true;
  }
}

template <class B>
bool read_bytes(context& c, wire w, B& out) {
  const unsigned char* at = c.p;
  if (w != wire::bytes) return mismatch(c, at, w, "bytes");
  std::size_t n = 0;
  if (!read_count(c, 1, n)) return false;
  if constexpr (requires { out.resize(n); }) {
    out.resize(n);
  } else if (n != std::size(out)) {
    return fail(c, error_code::type_mismatch, at, "expected " + std::to_string(std::size(out)) + " bytes, found " + std::to_string(n));
  }
  prism::detail::copy_bytes(std::data(out), c.p, n);
  c.p += n;
  return true;
}

/// Reads a poly value's type name and calls make(std::type_identity<D>{}) for its dynamic type D (Base itself for
/// t = 0), which reads the record.
template <class Base, class F>
bool read_poly_type(context& c, F&& make) {
  static_assert(std::has_virtual_destructor_v<Base>,
                "prism::subtypes: the base needs a virtual destructor, as objects are deleted through it");
  const unsigned char* at = c.p;
  std::uint64_t t = 0;
  if (!read_varint(c, t)) return false;
  if (t == 0) {
    if constexpr (std::is_abstract_v<Base>) return fail(c, error_code::invalid_value, at, "an object of an abstract base type");
    else return make(std::type_identity<Base>{});
  }
  std::size_t number = 0;
  if (!read_type_name(c, t, at, number)) return false;
  constexpr const auto& subtypes = prism::detail::subtypes_holder<Base>::value.list;
  constexpr std::size_t n = std::tuple_size_v<std::remove_cvref_t<decltype(subtypes)>>;
  auto& lookups = c.type_lookups();
  if (lookups.size() <= number) lookups.resize(number + 1, {nullptr, 0});
  auto& [base, index] = lookups[number];
  if (base != &type_key<Base>) {
    const std::string& name = c.type_names()[number];
    index = std::apply([&](const auto&... sub) {
      std::size_t i = 0;
      (void)((sub.name == name || (++i, false)) || ...);
      return i;
    }, subtypes);
    if (index == n)
      return fail(c, error_code::unknown_type, at,
                  "unknown type name \"" + name + "\" for " + std::string(prism::detail::type_name<Base>()));
    base = &type_key<Base>;
  }
  const std::size_t which = index;  // make() reads on and may add names, moving lookups
  return [&]<std::size_t... K>(std::index_sequence<K...>) {
    bool ok = false;
    (void)((which == K && (ok = make(std::type_identity<typename std::tuple_element_t<K, std::remove_cvref_t<decltype(subtypes)>>::type>{}), true)) || ...);
    return ok;
  }(std::make_index_sequence<n>{});
}

/// Makes the object a shared_ptr or weak_ptr to T holds, of wire type `inner` (a poly value names its dynamic type),
/// numbered when it is a shared object: before its value is read, so cycles closed through weak_ptr find it.
/// Each copy of a shared_ptr is an atomic increment and a decrement later, which cost more than the rest of reading
/// a small object: the new object's pointer is moved where it can be, copied only into the table (which keeps it
/// alive until the document ends, for the references to it) and into a weak_ptr target.
/// read_new_shared while an object skipped earlier is read again (materialize), for an object inside it that a
/// reference has made already: takes it and skips its bytes. -1 when it was not made.
template <class T, class P>
[[gnu::cold, gnu::noinline]] int take_made(context& c, wire w, P& out) {
  const context::object& o = c.objects()[c.replay_object];
  if (!o.value) return -1;
  if (o.type != &type_key<T>) return fail(c, error_code::type_mismatch, c.p, "reference to a shared object of another type");
  ++c.replay_object;
  out = std::static_pointer_cast<T>(o.value);
  return skip(c, w);
}

/// Puts a new object in the number it took when it was skipped, while it is read again (materialize).
[[gnu::cold, gnu::noinline]] inline std::size_t renumber(context& c, std::shared_ptr<void> held, const void* type) {
  const std::size_t number = c.replay_object++;
  c.objects()[number] = {std::move(held), type, false};
  return number;
}

template <class T, class P>
bool read_new_shared(context& c, wire inner, P& out, bool numbered) {
  auto adopt = [&]<class D>(std::type_identity<D>, wire w) {
    if (numbered && c.replay_object != std::size_t(-1)) [[unlikely]] {
      if (const int made = take_made<T>(c, w, out); made >= 0) return made == 1;
    }
    auto made = std::make_shared<D>();
    D& value = *made;
    std::shared_ptr<T> held = std::move(made);
    std::size_t number = 0;
    if (numbered) {
      if (c.replay_object == std::size_t(-1)) [[likely]] {
        number = c.objects().size();
        c.objects().push_back({held, &type_key<T>, false});
      } else {
        number = renumber(c, held, &type_key<T>);
      }
    }
    if constexpr (is_weak_ptr<P>) out = held;  // held keeps it alive while it is read
    else out = std::move(held);                // out does
    if (!read_value(c, w, value)) return false;
    if (numbered) c.objects()[number].complete = true;
    return true;
  };
  if constexpr (prism::detail::has_subtypes<T>) {
    if (inner == wire::poly)
      return read_poly_type<T>(c, [&](auto type) { return adopt(type, wire::record); });
  }
  if constexpr (std::is_abstract_v<T>) return mismatch(c, c.p, inner, "a polymorphic object");
  else return adopt(std::type_identity<T>{}, inner);
}

/// A shared_ptr or weak_ptr: null, a new shared object, an unshared value, or a reference to an object read before.
/// Reads shared object `number`, only skipped where it first appeared (in a field this model does not know), from its
/// bytes, for a later reference this model does know: the objects and names inside it take the numbers they took
/// when they were skipped.
/// False (after recording why) when the object was not skipped but read into a target that cannot share it.
template <class T>
[[gnu::cold, gnu::noinline]] bool materialize(context& c, std::size_t number, const unsigned char* reference) {
  auto& skipped = c.skipped();
  auto it = std::lower_bound(skipped.begin(), skipped.end(), number,
                             [](const context::skipped_object& s, std::size_t n) { return s.number < n; });
  if (it == skipped.end() || it->number != number || it->at == nullptr)
    return fail(c, error_code::invalid_value, reference,
                "a second reference to a shared object, whose first was read into a target that cannot share it "
                "(an optional, a unique_ptr or a plain field)");
  const context::skipped_object was = *it;
  it->at = nullptr;  // read once: a reference to it from inside itself finds it being read
  const unsigned char* resume = c.p;
  const std::size_t objects_after = c.replay_object, names_after = c.replay_name;
  const wire inner = was.inner;
  c.p = was.at;
  c.replay_object = number;
  c.replay_name = was.names_before;
  std::shared_ptr<T> made;
  const bool ok = read_ref_value(c, inner, [&] { return read_new_shared<T>(c, inner, made, true); });
  c.p = resume;
  c.replay_object = objects_after;
  c.replay_name = names_after;
  return ok;
}

template <class P>
bool read_shared(context& c, wire w, P& out) {
  using T = typename P::element_type;
  const unsigned char* at = c.p;
  if (w != wire::ref) return read_new_shared<T>(c, w, out, false);  // written when the field was a T or a unique_ptr
  std::uint64_t h = 0;
  if (!read_varint(c, h)) return false;
  if (h == 0) {
    out.reset();
    return true;
  }
  if (h & 1) {
    std::uint64_t number = (h - 1) / 2;
    if (number >= c.objects().size()) return fail(c, error_code::invalid_value, at, "reference to a shared object not yet seen");
    const auto& o = c.objects()[static_cast<std::size_t>(number)];
    if (!o.value) [[unlikely]] {
      if (!materialize<T>(c, static_cast<std::size_t>(number), at)) return false;
    }
    if (o.type != &type_key<T>)
      return fail(c, error_code::type_mismatch, at, "reference to a shared object of another type");
    if (!is_weak_ptr<P> && !o.complete)  // it would own itself and never be freed
      return fail(c, error_code::invalid_value, at, "a shared_ptr cycle: an object refers to one that contains it (close cycles with weak_ptr)");
    out = std::static_pointer_cast<T>(o.value);
    return true;
  }
  std::uint64_t v = h / 2 - 1;
  if (!is_ref_value(v)) return fail(c, error_code::invalid_value, at, "invalid ref header");
  auto inner = static_cast<wire>(v % 16);
  return read_ref_value(c, inner, [&] { return read_new_shared<T>(c, inner, out, v >= 16); });
}

template <class T>
consteval bool points_to_subtypes() {
  if constexpr (kind_of<T> == kind::pointer) return prism::detail::has_subtypes<typename adapter<T>::value_type>;
  else return false;
}

/// A unique_ptr to a base with subtypes: a poly value (or a ref holding one) makes the dynamic type it names; a
/// plain record (written before the base had subtypes) makes the base.
template <class U>
bool read_unique_poly(context& c, wire w, U& out) {
  using B = typename adapter<U>::value_type;
  wire inner = w;
  if (w == wire::ref) {
    const unsigned char* at = c.p;
    std::uint64_t h = 0;
    if (!read_varint(c, h)) return false;
    if (h == 0) {
      out.reset();
      return true;
    }
    if (h & 1) return fail(c, error_code::invalid_value, at, "a second reference to a shared object, where the target cannot share it");
    std::uint64_t v = h / 2 - 1;
    if (!is_ref_value(v)) return fail(c, error_code::invalid_value, at, "invalid ref header");
    if (v >= 16) number_object(c);  // numbered, but held by no shared_ptr
    inner = static_cast<wire>(v % 16);
  }
  if (inner == wire::poly) {
    return read_poly_type<B>(c, [&]<class D>(std::type_identity<D>) {
      auto obj = std::make_unique<D>();
      if (!read_value(c, wire::record, *obj)) return false;
      out = std::move(obj);
      return true;
    });
  }
  if constexpr (std::is_abstract_v<B>) return mismatch(c, c.p, inner, "a polymorphic object");
  else return read_ref_value(c, inner, [&] { return read_value(c, inner, adapter<U>::ensure(out)); });
}

/// A ref read into a target that holds one value (an optional, a unique_ptr, or any plain target): null leaves a
/// plain target as it is and empties the others. A new shared object is read as a value (so shared_ptr fields can
/// become unique_ptr ones); a second reference to it then fails, as the target cannot share it.
template <class T>
bool read_ref(context& c, T& out) {
  const unsigned char* at = c.p;
  std::uint64_t h = 0;
  if (!read_varint(c, h)) return false;
  if (h == 0) {
    if constexpr (kind_of<T> == kind::optional || kind_of<T> == kind::pointer) adapter<T>::reset(out);
    return true;
  }
  if (h & 1) return fail(c, error_code::invalid_value, at, "a second reference to a shared object, where the target cannot share it");
  std::uint64_t v = h / 2 - 1;
  if (!is_ref_value(v)) return fail(c, error_code::invalid_value, at, "invalid ref header");
  if (v >= 16) number_object(c);  // numbered, but held by no shared_ptr
  auto w = static_cast<wire>(v % 16);
  return read_ref_value(c, w, [&] {
    if constexpr (kind_of<T> == kind::optional || kind_of<T> == kind::pointer) return read_value(c, w, adapter<T>::ensure(out));
    else return read_value(c, w, out);
  });
}

// ---- records ------------------------------------------------------------------------------------------------

template <class T>
inline constexpr auto sorted_ids = [] {
  std::array<std::uint32_t, field_count_of<T>> ids{};
  std::size_t k = 0;
  for (std::size_t i : field_order<T>) {
    ids[k++] = [&]<std::size_t... I>(std::index_sequence<I...>) {
      std::uint32_t r = 0;
      ((i == I ? (r = field_id<T, I>()) : 0), ...);
      return r;
    }(std::make_index_sequence<field_count_of<T>>{});
  }
  return ids;
}();

/// read_value at the cursor p, with scalars inlined: where the wire type is a constant (the fast paths), its checks
/// fold away, and a run of scalars keeps p in a register.
template <class V>
[[gnu::always_inline]] inline bool read_value_inline(context& c, const unsigned char*& p, wire w, V& out) {
  if constexpr (is_scalar<V>) {
    if (w != wire::ref) [[likely]]
      return read_scalar(c, p, w, out);
  }
  c.p = p;
  bool ok = read_value(c, w, out);
  p = c.p;
  return ok;
}

/// Reads a value of wire type w at p into field I of obj: in place for data members, through the setter for
/// properties; computed fields are skipped.
template <class T, std::size_t I>
[[gnu::always_inline]] inline bool read_field(context& c, const unsigned char*& p, wire w, T& obj) {
  if constexpr (!field_is_stored<T, I>()) {
    c.p = p;
    bool ok = skip(c, w);
    p = c.p;
    return ok;
  } else if constexpr (prism::detail::has_description<T>) {
    const auto& f = std::get<I>(description<T>.list);
    if constexpr (requires { f.ref(obj); }) {
      return read_value_inline(c, p, w, f.ref(obj));
    } else {
      typename std::remove_cvref_t<decltype(f)>::value_type v{};
      if (!read_value_inline(c, p, w, v)) return false;
      std::invoke(f.setter, obj, std::move(v));
      return true;
    }
  } else {
    return read_value_inline(c, p, w, prism::detail::member<I>(obj));
  }
}

/// The key a writer of T puts before field I (at position k in id order) when the stored field before it was
/// written: the key of the layout T writes, or 0 when that takes more than one byte.
template <class T, std::size_t k>
consteval unsigned expected_key() {
  constexpr std::size_t I = field_order<T>[k];
  std::uint32_t prev = 0;
  [&]<std::size_t... K>(std::index_sequence<K...>) {
    ((K < k && field_is_stored<T, field_order<T>[K]>() ? (prev = field_id<T, field_order<T>[K]>()) : 0), ...);
  }(std::make_index_sequence<k>{});
  std::uint64_t key = std::uint64_t{field_id<T, I>() - prev} << 4 | static_cast<unsigned>(field_wire_of<field_type_of<T, I>>());
  return key < 0x80 ? static_cast<unsigned>(key) : 0;
}

/// Reads field I, at position k in id order, of a record written in a layout of its model (its wire type known at
/// compile time: the varint layout's, or the fixed one's), naming it in the error path if that fails.
template <class T, std::size_t k, bool Fixed = false>
[[gnu::always_inline]] inline bool read_known_field(context& c, const unsigned char*& p, T& obj) {
  constexpr std::size_t I = field_order<T>[k];
  if constexpr (!field_is_stored<T, I>()) {
    return true;
  } else {
    if (read_field<T, I>(c, p, dense_field_wire<T, I, Fixed>(), obj)) [[likely]]
      return true;
    prism::detail::prepend_path(c.err().path, ".", field_name_of<T, I>);
    return false;
  }
}

/// Whether T's writer may leave field I out of a dense record (an optional, a pointer, a C string holding nothing)
/// and the reader's fast path may take that: the field is not required.
template <class T, std::size_t I>
consteval bool may_be_absent() {
  if constexpr (field_is_stored<T, I>()) return !always_holds<field_type_of<T, I>> && !field_is_required<T, I>();
  else return false;
}

/// T's dense header with 0xF where the nibble of a field that may_be_absent lies, 0 elsewhere; all zero for a model
/// whose writer always writes every field.
template <class T>
inline constexpr auto dense_absent_nibbles = [] {
  std::array<unsigned char, dense_header<T>.size()> mask{};
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    auto one = [&]<std::size_t J>(std::integral_constant<std::size_t, J>) {
      if constexpr (may_be_absent<T, J>()) {
        constexpr std::uint32_t id = field_id<T, J>();
        mask[dense_count_bytes<T> + nibble_byte(id)] |= static_cast<unsigned char>(0xfu << nibble_shift(id));
      }
    };
    (one(std::integral_constant<std::size_t, I>{}), ...);
  }(std::make_index_sequence<field_count_of<T>>{});
  return mask;
}();

/// Whether a dense header at p is `header` with some of the nibbles `absent` allows set to absent.
template <std::size_t N>
bool dense_header_allows(const unsigned char* p, const std::array<unsigned char, N>& header,
                         const std::array<unsigned char, N>& absent) {
  for (std::size_t i = 0; i < N; ++i) {
    const unsigned b = p[i];
    const unsigned absent_here = ((b & 0x0f) == 0x0f ? 0x0fu : 0u) | ((b & 0xf0) == 0xf0 ? 0xf0u : 0u);
    if (((b ^ header[i]) & ~(absent[i] & absent_here)) != 0) return false;
  }
  return true;
}

/// The fields of a dense record at p, after a header its model's fast path accepts, in the varint layout or (Fixed)
/// the fixed one: every field present (All), or those whose nibble is not absent (only a field that may_be_absent
/// can be). Returns the end of the record, or nullptr (c.err() set). The cursor is a parameter, so a run of scalars
/// advances a register.
template <bool All, bool Fixed, class T, std::size_t... K>
const unsigned char* read_dense_fields(context& c, const unsigned char* p, const unsigned char* nibbles, T& obj,
                                       std::index_sequence<K...>) {
  auto one = [&]<std::size_t k>(std::integral_constant<std::size_t, k>) {
    constexpr std::size_t I = field_order<T>[k];
    if constexpr (!All && may_be_absent<T, I>()) {
      constexpr std::uint32_t id = field_id<T, I>();
      if ((nibbles[nibble_byte(id)] >> nibble_shift(id) & 15) == absent) return true;
    }
    return read_known_field<T, k, Fixed>(c, p, obj);
  };
  return (one(std::integral_constant<std::size_t, K>{}) && ...) ? p : nullptr;
}

/// The fields of a small_integer_record at p (after its header), when decode_short_varints takes them all; else
/// nullptr and obj untouched (always, in portable builds).
template <class T>
[[gnu::always_inline]] inline const unsigned char* read_short_integer_fields(const unsigned char* p,
                                                                            const unsigned char* end, T& obj) {
#if PRISM_SSE2
  std::array<std::int32_t, field_count_of<T>> v;
  const unsigned char* after = decode_short_varints<std::is_signed_v<field_type_of<T, 0>>>(p, end, v);
  if (after == nullptr) return nullptr;
  prism::detail::visit_members(obj, [&](auto&... m) {
    std::size_t k = 0;  // aggregates' fields are written in declaration order
    ((m = static_cast<std::remove_cvref_t<decltype(m)>>(v[k++])), ...);
  });
  return after;
#else
  (void)p, (void)end, (void)obj;
  return nullptr;
#endif
}

template <class T>
bool read_record(context& c, wire w, T& obj) {
  constexpr std::size_t n = field_count_of<T>;
  if (w != wire::record) return mismatch(c, c.p, w, "a record");
  if (!enter(c)) return false;
  std::array<bool, n == 0 ? 1 : n> seen{};
  std::size_t next = 0;  // position in ascending id order: fields come in that order
  std::uint64_t id = 0;
  auto name_in_path = [&](std::size_t pos) {
    [&]<std::size_t... K>(std::index_sequence<K...>) {
      (void)((pos == K && (prism::detail::prepend_path(c.err().path, ".", field_name_of<T, field_order<T>[K]>), true)) || ...);
    }(std::make_index_sequence<n>{});
  };
  if constexpr (is_dense<T>()) {
    // Fast: a header this model writes (its varint layout or its fixed one) when every field holds a value, or the
    // same with some of its empty fields absent (a tree's leaves: null children); then each field present is read
    // with its wire type known at compile time. Any other header (another version of the model, a required field
    // absent) goes to the general loop below, which reads either form.
    constexpr const auto& header = dense_header<T>;
    if (c.left() >= header.size()) {
      const unsigned char* nibbles = c.p + dense_count_bytes<T>;
      const unsigned char* values = c.p + header.size();
      constexpr auto fields = std::make_index_sequence<n>{};
      constexpr bool never_absent = dense_absent_nibbles<T> == decltype(dense_absent_nibbles<T>){};
      const unsigned char* end = nullptr;
      bool fast = true;
      if (std::memcmp(c.p, header.data(), header.size()) == 0) {
        if constexpr (small_integer_record<T>()) end = read_short_integer_fields(values, c.end, obj);
        if (end == nullptr) end = read_dense_fields<true, false>(c, values, nibbles, obj, fields);
      } else if (has_fixed_layout<T>() && std::memcmp(c.p, dense_header<T, true>.data(), header.size()) == 0) {
        end = read_dense_fields<true, true>(c, values, nibbles, obj, fields);
      } else if constexpr (never_absent) {
        fast = false;  // every field is always written: a nibble that says absent comes from another model
      } else if (dense_header_allows(c.p, header, dense_absent_nibbles<T>)) {
        end = read_dense_fields<false, false>(c, values, nibbles, obj, fields);
      } else if (has_fixed_layout<T>() && dense_header_allows(c.p, dense_header<T, true>, dense_absent_nibbles<T>)) {
        end = read_dense_fields<false, true>(c, values, nibbles, obj, fields);
      } else {
        fast = false;
      }
      if (fast) {
        if (end == nullptr) return false;
        c.p = end;
        --c.depth;
        return true;  // no required field is missing: the header said so
      }
    }
  }
  {
    // Fast: the fields in the order and with the keys this model writes, each read with its wire type known at
    // compile time (a model that writes dense records writes keyed ones when most fields are empty, as a tree's
    // leaves are). At the first key that differs (a field absent, another version of the model, or a dense header:
    // its first byte is never a key), the general loop below takes over where this stopped.
    bool failed = false;
    const unsigned char* p = c.p;
    [&]<std::size_t... K>(std::index_sequence<K...>) {
      auto one = [&]<std::size_t k>(std::integral_constant<std::size_t, k>) {
        constexpr std::size_t I = field_order<T>[k];
        if constexpr (!field_is_stored<T, I>()) {
          return true;
        } else {
          constexpr unsigned key = expected_key<T, k>();
          if (key == 0 || p == c.end || *p != key) return false;
          ++p;
          if (!read_field<T, I>(c, p, field_wire_of<field_type_of<T, I>>(), obj)) [[unlikely]] {
            name_in_path(k);
            failed = true;
            return false;
          }
          id = field_id<T, I>();
          seen[k] = true;
          next = k + 1;
          return true;
        }
      };
      (void)one;  // a record with no fields
      (void)(one(std::integral_constant<std::size_t, K>{}) && ...);
    }(std::make_index_sequence<n>{});
    if (failed) return false;
    c.p = p;
  }
  // The end byte where the next key was due: a keyed record that left its last fields empty (a tree's leaf), done
  // without the general loop. (A dense record's first byte is never 0.)
  const bool ended = c.p != c.end && *c.p == 0;
  c.p += ended;
  bool ok = ended || read_members(c, id, [&](std::uint32_t field_id, wire wt) {
    std::size_t pos = n;
    if (next < n && sorted_ids<T>[next] == field_id) [[likely]] {
      pos = next;
    } else {
      auto it = std::lower_bound(sorted_ids<T>.begin(), sorted_ids<T>.begin() + n, field_id);
      if (it != sorted_ids<T>.begin() + n && *it == field_id) pos = static_cast<std::size_t>(it - sorted_ids<T>.begin());
    }
    if (pos == n) return skip(c, wt);
    next = pos + 1;
    bool read = [&]<std::size_t... K>(std::index_sequence<K...>) {
      bool r = true;
      const unsigned char* p = c.p;
      (void)((pos == K && (r = read_field<T, field_order<T>[K]>(c, p, wt, obj), true)) || ...);
      c.p = p;
      return r;
    }(std::make_index_sequence<n>{});
    if (!read) {
      name_in_path(pos);
      return false;
    }
    seen[pos] = true;
    return true;
  });
  if (!ok) return false;
  --c.depth;
  if constexpr (prism::detail::has_description<T>) {  // required fields
    return [&]<std::size_t... K>(std::index_sequence<K...>) {
      auto check = [&]<std::size_t I>(std::size_t pos, std::integral_constant<std::size_t, I>) {
        if constexpr (field_is_stored<T, I>()) {
          if (!seen[pos] && field_is_required<T, I>())
            return fail(c, error_code::missing_field, c.p - 1,
                        "missing required field \"" + std::string(field_name_of<T, I>) + "\" in " +
                            std::string(prism::detail::type_name<T>()));
        }
        return true;
      };
      (void)check;
      return (check(K, std::integral_constant<std::size_t, field_order<T>[K]>{}) && ...);
    }(std::make_index_sequence<n>{});
  }
  return true;
}

/// A variant from a choice: the alternative named as alternative_name names it, whatever its place in the variant
/// (docs/binary-format.md, "Variants"); or from the keyed record of earlier builds, which numbered alternatives by
/// place.
template <class... A>
bool read_variant(context& c, wire w, std::variant<A...>& out) {
  using V = std::variant<A...>;
  const unsigned char* at = c.p;
  std::size_t index = 0;
  wire held = wire::uint;
  if (w == wire::choice) {
    std::size_t name = 0;
    if (!read_choice_header(c, name, held)) return false;
    auto& lookups = c.type_lookups();  // a name's alternative, found once per document
    if (lookups.size() <= name) lookups.resize(name + 1, {nullptr, 0});
    auto& [owner, found] = lookups[name];
    if (owner != &type_key<V>) {
      static constexpr std::array<std::string_view, sizeof...(A)> names{prism::detail::alternative_name<A>()...};
      const std::string& text = c.type_names()[name];
      found = static_cast<std::size_t>(std::find(names.begin(), names.end(), text) - names.begin());
      if (found == sizeof...(A))
        return fail(c, error_code::unknown_type, at,
                    "unknown variant alternative \"" + text + "\" for " + std::string(prism::detail::type_name<V>()));
      owner = &type_key<V>;
    }
    index = found;
  } else if (w == wire::record) {  // as earlier builds wrote it: one key, id = place + 1, its value, the end byte
    if (c.p != c.end && *c.p != 0 && *c.p <= dense_count_escape)
      return fail(c, error_code::invalid_value, at, "a variant as a dense record, which no build writes (a choice, or a keyed record)");
    std::uint64_t key = 0;
    if (!read_varint(c, key)) return false;
    if ((key >> 4) == 0 || (key & 15) >= wire_types || (key >> 4) > sizeof...(A))
      return fail(c, error_code::invalid_value, at, "unknown variant alternative");
    index = static_cast<std::size_t>((key >> 4) - 1);
    held = static_cast<wire>(key & 15);
  } else {
    return mismatch(c, at, w, "a variant");
  }
  if (!enter(c)) return false;
  bool ok = [&]<std::size_t... I>(std::index_sequence<I...>) {
    bool r = true;
    (void)((index == I && (r = read_value(c, held, out.template emplace<I>()), true)) || ...);
    return r;
  }(std::index_sequence_for<A...>{});
  if (!ok) {
    prism::detail::prepend_path(c.err().path, ".", std::to_string(index));
    return false;
  }
  if (w == wire::record) {
    if (c.p == c.end || *c.p != 0) return fail(c, error_code::invalid_value, c.p, "a variant holds exactly one alternative");
    ++c.p;
  }
  --c.depth;
  return true;
}

template <class T>
bool read_tuple(context& c, wire w, T& out) {
  constexpr std::size_t n = std::tuple_size_v<T>;
  if (w != wire::record) return mismatch(c, c.p, w, "a record holding a tuple");
  return read_fields(c, [&](std::uint32_t id, wire wt) {
    if (id > n) return skip(c, wt);  // elements appended by a newer model
    bool ok = [&]<std::size_t... I>(std::index_sequence<I...>) {
      bool r = true;
      (void)((id == I + 1 && (r = read_value(c, wt, std::get<I>(out)), true)) || ...);
      return r;
    }(std::make_index_sequence<n>{});
    if (!ok) prism::detail::prepend_path(c.err().path, "[", std::to_string(id - 1), "]");
    return ok;
  });
}

/// Elements of type E stored at any alignment, in the machine's layout: an iterator, so that a vector is filled from
/// them in one pass (vector::assign) instead of being zeroed by resize and then copied over.
template <class E>
struct unaligned_iterator {
  using iterator_category = std::random_access_iterator_tag;
  using value_type = E;
  using difference_type = std::ptrdiff_t;
  using pointer = const E*;
  using reference = E;
  const unsigned char* p = nullptr;

  E operator*() const noexcept {
    E e;
    std::memcpy(&e, p, sizeof(E));
    return e;
  }
  E operator[](difference_type i) const noexcept { return *(*this + i); }
  unaligned_iterator& operator++() noexcept { return *this += 1; }
  unaligned_iterator operator++(int) noexcept {
    unaligned_iterator old = *this;
    *this += 1;
    return old;
  }
  unaligned_iterator& operator--() noexcept { return *this -= 1; }
  unaligned_iterator operator--(int) noexcept {
    unaligned_iterator old = *this;
    *this -= 1;
    return old;
  }
  unaligned_iterator& operator+=(difference_type i) noexcept {
    p += i * static_cast<difference_type>(sizeof(E));
    return *this;
  }
  unaligned_iterator& operator-=(difference_type i) noexcept { return *this += -i; }
  friend unaligned_iterator operator+(unaligned_iterator a, difference_type i) noexcept { return a += i; }
  friend unaligned_iterator operator+(difference_type i, unaligned_iterator a) noexcept { return a += i; }
  friend unaligned_iterator operator-(unaligned_iterator a, difference_type i) noexcept { return a -= i; }
  friend difference_type operator-(unaligned_iterator a, unaligned_iterator b) noexcept {
    return (a.p - b.p) / static_cast<difference_type>(sizeof(E));
  }
  friend bool operator==(unaligned_iterator a, unaligned_iterator b) noexcept { return a.p == b.p; }
  friend auto operator<=>(unaligned_iterator a, unaligned_iterator b) noexcept { return a.p <=> b.p; }
};

template <class T>
bool read_sequence(context& c, wire w, T& out) {
  using E = std::ranges::range_value_t<T>;
  const unsigned char* at = c.p;
  if (w != wire::seq) return mismatch(c, at, w, "a sequence");
  std::size_t n = 0;
  wire e = wire_of<E>();
  if (!read_seq_header(c, n, e)) return false;
  if constexpr (prism::detail::fixed_extent<T> == std::size_t(-1)) {
    if (!charge<E>(c, at, n)) return false;
  }
  // Elements that may hold sequences claim their least bytes of what is left, for the whole document: a sequence
  // inside one may count only what the elements after it leave. Made at once, all the levels of a nesting then
  // hold no more elements than the input has bytes (a 200 KB document of sequences of records of one sequence,
  // each claiming the rest of the input, made 1.17 GB of elements before).
  [[maybe_unused]] const std::size_t least = min_size(e);  // of each element
  [[maybe_unused]] const std::size_t claim = is_scalar<E> ? 0 : n * least;
  if constexpr (!is_scalar<E>) {
    if (c.ahead > c.left() || claim > c.left() - c.ahead)
      return fail(c, error_code::unexpected_end, at, "more elements than the rest of the document can hold");
    c.ahead += claim;
  }
  if (!enter(c)) return false;
  auto element = [&](std::size_t i, const unsigned char*& p, auto& target, wire as) {  // as: e, or e as a constant
    if constexpr (!is_scalar<E>) c.ahead -= least;  // this one is being read: no longer ahead
    if (read_value_inline(c, p, as, target)) [[likely]]
      return true;
    prism::detail::prepend_path(c.err().path, "[", std::to_string(i), "]");
    return false;
  };
  auto indexed = [&](auto& seq, std::size_t from, std::size_t to) {  // seq[from, to), for sequences with operator[]
    auto all = [&](wire as) {
      const unsigned char* p = c.p;
      for (std::size_t i = from; i < to; ++i)
        if (!element(i, p, seq[i], as)) return false;
      c.p = p;
      return true;
    };
    // scalars in the layout this model writes: the wire type passed as a constant, so its checks fold away
    if constexpr (is_scalar<E>) return e == wire_of<E>() ? all(wire_of<E>()) : all(e);
    else return all(e);
  };
  if constexpr (constexpr std::size_t fixed = prism::detail::fixed_extent<T>; fixed != std::size_t(-1)) {
    if (n != fixed) return fail(c, error_code::type_mismatch, at, "expected " + std::to_string(fixed) + " elements, found " + std::to_string(n));
    if (!indexed(out, 0, n)) return false;
  } else if constexpr (requires { out.resize(n); out[0]; } && !std::is_same_v<E, bool>) {
    if constexpr ((kind_of<E> == kind::floating || (kind_of<E> == kind::integer && sizeof(E) >= 4)) &&
                  std::endian::native == std::endian::little && requires { out.reserve(n); out.data(); }) {
      constexpr wire same_layout = kind_of<E> == kind::floating ? wire_of<E>() : fixed_integer_wire<E>();
      if (e == same_layout) {  // already the wire's layout
        // An aligned payload is E objects' bytes: assign from pointers copies them by one memmove into storage it
        // does not zero first (8192 int32 in 240 ns, against 430 for resize and a copy, 530 for the element loop).
        // A misaligned address is no E*: the element loop when short, else resize and a copy. The element loop also
        // where memmove would be slow (copy_bytes.hpp).
        const std::size_t bytes = n * sizeof(E);
        out.clear();  // so that assign copies into fresh storage only, never over old elements
        out.reserve(n);
        const bool aligned = reinterpret_cast<std::uintptr_t>(c.p) % alignof(E) == 0;
        if (prism::detail::memcpy_is_slow(out.data(), c.p, bytes) || (!aligned && bytes <= 256)) {
          out.assign(unaligned_iterator<E>{c.p}, unaligned_iterator<E>{c.p + bytes});
        } else if (aligned) {
          const E* first = reinterpret_cast<const E*>(c.p);
          out.assign(first, first + n);
        } else {
          out.resize(n);
          prism::detail::copy_bytes(out.data(), c.p, bytes);
        }
        c.p += bytes;
        --c.depth;
        return true;
      }
    }
    out.resize(n);
    if (!indexed(out, 0, n)) return false;
  } else {
    static_assert(requires { out.clear(); }, "prism: this sequence cannot be read (a span views elements it does not own)");
    prism::detail::reused_nodes<T> spare(out);
    if constexpr (requires { out.before_begin(); }) {  // forward_list: append after the last
      auto last = out.before_begin();
      for (std::size_t i = 0; i < n; ++i) {
        last = out.emplace_after(last);
        if (!element(i, c.p, *last, e)) return false;
      }
    } else if constexpr (requires { { out.emplace_back() } -> std::same_as<E&>; }) {  // list
      for (std::size_t i = 0; i < n; ++i)
        if (!element(i, c.p, out.emplace_back(), e)) return false;
    } else {  // sets, and vector<bool> whose elements are proxies: read, then insert
      for (std::size_t i = 0; i < n; ++i) {
        E v{};
        if (!element(i, c.p, v, e)) return false;
        spare.add(out, std::move(v));
      }
    }
  }
  --c.depth;
  return true;
}

template <class T>
bool read_map(context& c, wire w, T& out) {
  using K = typename adapter<T>::key_type;
  using V = typename adapter<T>::mapped_type;
  const unsigned char* at = c.p;
  if (w != wire::map) return mismatch(c, at, w, "a map");
  std::size_t count = 0;
  wire kw = wire::uint, vw = wire::uint;
  if (!read_map_header(c, count, kw, vw) || !charge<std::pair<K, V>>(c, at, count)) return false;
  prism::detail::reused_nodes<T> spare(out);
  if (count == 0) return true;
  if (!enter(c)) return false;
  // key_wire and value_wire: a wire, or a std::integral_constant of one, which makes a copy of the loop for it
  auto pairs = [&](auto key_wire, auto value_wire) {
    for (std::size_t i = 0; i < count; ++i) {
      [[maybe_unused]] const unsigned char* pair_at = c.p;
      K key{};
      V value{};
      if (!read_value_inline(c, c.p, key_wire, key) || !read_value_inline(c, c.p, value_wire, value)) {
        prism::detail::prepend_path(c.err().path, "[", std::to_string(i), "]");
        return false;
      }
      [[maybe_unused]] const std::size_t before = out.size();
      spare.add(out, std::move(key), std::move(value));  // at the end: ordered maps come in order, O(1) a pair
      if constexpr (unique_keys<T>) {
        if (out.size() == before) [[unlikely]] {  // (a multimap's document): one value would be dropped
          fail(c, error_code::invalid_value, pair_at, "a key seen before, in a map that holds one value per key");
          prism::detail::prepend_path(c.err().path, "[", std::to_string(i), "]");
          return false;
        }
      }
    }
    return true;
  };
  // the wire types this model writes (varints, or fixed-width for wide integers): passed as constants, so scalar
  // keys and values are read without dispatch
  using k0 = std::integral_constant<wire, wire_of<K>()>;
  using v0 = std::integral_constant<wire, wire_of<V>()>;
  using k1 = std::integral_constant<wire, is_wide_integer<K> ? fixed_integer_wire<K>() : k0{}>;
  using v1 = std::integral_constant<wire, is_wide_integer<V> ? fixed_integer_wire<V>() : v0{}>;
  auto is = [&](wire k, wire v) { return kw == k && vw == v; };
  bool ok = is(k0{}, v0{})   ? pairs(k0{}, v0{})
            : is(k1{}, v1{}) ? pairs(k1{}, v1{})
            : is(k1{}, v0{}) ? pairs(k1{}, v0{})
            : is(k0{}, v1{}) ? pairs(k0{}, v1{})
                             : pairs(kw, vw);
  if (!ok) return false;
  --c.depth;
  return true;
}

/// What a choice's name means to a kind::dynamic target, found once per name and document: another format's
/// alternative (a variant's), or one of dynamic_names.
enum class dynamic_choice : std::size_t { alternative, null, boolean, integer, unsigned_integer, real, number, string, array, object };

inline dynamic_choice dynamic_choice_of(context& c, std::size_t name) {
  auto& lookups = c.type_lookups();
  if (lookups.size() <= name) lookups.resize(name + 1, {nullptr, 0});
  auto& [owner, found] = lookups[name];
  static constexpr char key = 0;
  if (owner != &key) {
    static constexpr std::array<std::string_view, 9> names = {
        dynamic_names::null, dynamic_names::boolean, dynamic_names::integer, dynamic_names::unsigned_integer,
        dynamic_names::real, dynamic_names::number,  dynamic_names::string,  dynamic_names::array,
        dynamic_names::object};
    const std::string& text = c.type_names()[name];
    found = static_cast<std::size_t>(std::find(names.begin(), names.end(), text) - names.begin() + 1) % 10;
    owner = &key;
  }
  return static_cast<dynamic_choice>(found);
}

template <class T>
bool read_dynamic(context& c, wire w, T& out);

/// A reference to shared object `number` read into a kind::dynamic value: the object read again from where it was
/// first (its objects and names taking the numbers they took then), or null for a reference from inside the object to
/// itself, a cycle JSON cannot show.
template <class T>
[[gnu::noinline]] bool read_dynamic_again(context& c, std::size_t number, const unsigned char* reference, T& out) {
  auto& skipped = c.skipped();
  auto it = std::lower_bound(skipped.begin(), skipped.end(), number,
                             [](const context::skipped_object& o, std::size_t n) { return o.number < n; });
  if (it == skipped.end() || it->number != number)
    return fail(c, error_code::invalid_value, reference, "reference to a shared object not yet seen");
  if (it->at == nullptr) {
    adapter<T>::make(out, nullptr);
    return true;
  }
  const context::skipped_object was = *it;
  it->at = nullptr;
  const unsigned char* resume = c.p;
  const std::size_t objects_after = c.replay_object, names_after = c.replay_name;
  c.p = was.at;
  c.replay_object = number + 1;
  c.replay_name = was.names_before;
  const bool ok = read_ref_value(c, was.inner, [&] { return read_dynamic(c, was.inner, out); });
  c.p = resume;
  c.replay_object = objects_after;
  c.replay_name = names_after;
  std::lower_bound(skipped.begin(), skipped.end(), number,
                   [](const context::skipped_object& o, std::size_t n) { return o.number < n; })->at = was.at;
  return ok;
}

/// A kind::dynamic value (json::value) from any wire type: the choices write_dynamic writes, each its JSON type; and
/// what typed models write, as JSON would show it (docs/binary-format.md, "Any JSON value"): integers and floats as
/// numbers, bytes as strings, records as objects keyed by field id, sequences as arrays, maps as objects (string or
/// integer keys), refs as null or their value, a variant's alternative or a subtype as an object of one member named
/// after it.
template <class T>
bool read_dynamic(context& c, wire w, T& out) {
  using A = adapter<T>;
  const unsigned char* at = c.p;
  auto nested = [&](auto&& read) {
    if (!enter(c) || !read()) return false;
    --c.depth;
    return true;
  };
  // a scalar of the type a wire type holds, made into the value (numbers, or bytes as a string)
  auto scalar = [&](auto x) {
    if (!read_value(c, w, x)) return false;
    if constexpr (std::is_same_v<decltype(x), std::string>) A::make_string(out, x);
    else A::make(out, x);
    return true;
  };
  switch (w) {
    case wire::uint:
    case wire::u32:
    case wire::u64: return scalar(std::uint64_t{0});
    case wire::sint:
    case wire::i32:
    case wire::i64: return scalar(std::int64_t{0});
    case wire::f32: return scalar(0.0f);
    case wire::f64: return scalar(0.0);
    case wire::bytes: return scalar(std::string());
    case wire::record:
      A::make_object(out);
      return read_fields(c, [&](std::uint32_t id, wire field) {
        if (!charge<T>(c, c.p, 2)) return false;
        std::string key = std::to_string(id);
        if (read_dynamic(c, field, A::add_member(out, key))) return true;
        prism::detail::prepend_path(c.err().path, ".", key);
        return false;
      });
    case wire::seq: {
      std::size_t n = 0;
      wire e = wire::uint;
      if (!read_seq_header(c, n, e) || !charge<T>(c, at, n)) return false;
      A::make_array(out);
      return nested([&] {
        for (std::size_t i = 0; i < n; ++i) {
          if (!read_dynamic(c, e, A::add_element(out))) {
            prism::detail::prepend_path(c.err().path, "[", std::to_string(i), "]");
            return false;
          }
        }
        return true;
      });
    }
    case wire::map: {
      std::size_t n = 0;
      wire kw = wire::uint, vw = wire::uint;
      if (!read_map_header(c, n, kw, vw) || !charge<T>(c, at, 2 * n)) return false;
      A::make_object(out);
      return nested([&] {
        for (std::size_t i = 0; i < n; ++i) {
          const unsigned char* key_at = c.p;
          std::string key;
          if (kw == wire::bytes) {
            if (!read_value(c, kw, key)) return false;
          } else if (kw == wire::sint || kw == wire::i32 || kw == wire::i64) {
            std::int64_t k = 0;
            if (!read_value(c, kw, k)) return false;
            key = std::to_string(k);
          } else if (kw == wire::uint || kw == wire::u32 || kw == wire::u64) {
            std::uint64_t k = 0;
            if (!read_value(c, kw, k)) return false;
            key = std::to_string(k);
          } else {
            return fail(c, error_code::type_mismatch, key_at,
                        std::string("a map key of wire type ") + wire_name(static_cast<unsigned>(kw)) +
                            ", which a JSON object cannot hold");
          }
          if (!read_dynamic(c, vw, A::add_member(out, key))) {
            prism::detail::prepend_path(c.err().path, "[\"", key, "\"]");
            return false;
          }
        }
        return true;
      });
    }
    case wire::ref: {
      std::uint64_t h = 0;
      if (!read_varint(c, h)) return false;
      if (h == 0) {
        A::make(out, nullptr);
        return true;
      }
      if (h & 1) return read_dynamic_again(c, (h - 1) / 2, at, out);
      std::uint64_t v = h / 2 - 1;
      if (!is_ref_value(v)) return fail(c, error_code::invalid_value, at, "invalid ref header");
      auto inner = static_cast<wire>(v % 16);
      if (v < 16) return read_ref_value(c, inner, [&] { return read_dynamic(c, inner, out); });
      // A shared object: noted, so that a later reference reads it again (JSON has no sharing: it shows the object
      // where each reference is), and marked as being read meanwhile (a reference from inside it is a cycle).
      const bool again = c.replay_object != std::size_t(-1);
      const std::size_t number = number_object(c);
      if (!again) c.skipped().push_back({number, c.p, inner, c.type_names().size()});
      const auto entry = [&] {
        auto& skipped = c.skipped();
        return std::lower_bound(skipped.begin(), skipped.end(), number,
                                [](const context::skipped_object& o, std::size_t n) { return o.number < n; });
      };
      const unsigned char* value_at = std::exchange(entry()->at, nullptr);
      const bool ok = read_ref_value(c, inner, [&] { return read_dynamic(c, inner, out); });
      entry()->at = value_at;
      return ok;
    }
    case wire::poly: {
      std::uint64_t t = 0;
      if (!read_varint(c, t)) return false;
      if (t == 0) return read_dynamic(c, wire::record, out);  // the base itself
      std::size_t name = 0;
      if (!read_type_name(c, t, at, name)) return false;
      A::make_object(out);
      return read_dynamic(c, wire::record, A::add_member(out, c.type_names()[name]));
    }
    case wire::choice: {
      std::size_t name = 0;
      wire held = wire::uint;
      if (!read_choice_header(c, name, held)) return false;
      const unsigned char* value_at = c.p;
      switch (dynamic_choice_of(c, name)) {
        case dynamic_choice::alternative: {
          A::make_object(out);
          std::string tag = c.type_names()[name];  // (the names may grow while the value is read)
          return nested([&] { return read_dynamic(c, held, A::add_member(out, tag)); });
        }
        case dynamic_choice::boolean: {
          std::uint64_t u = 0;
          if (held != wire::uint) return mismatch(c, value_at, held, "a uint (a json:bool)");
          if (!read_varint(c, u)) return false;
          if (u > 1) return fail(c, error_code::invalid_value, value_at, "a json:bool that is neither 0 nor 1");
          A::make(out, u == 1);
          return true;
        }
        case dynamic_choice::number: {
          std::string text;
          if (held != wire::bytes) return mismatch(c, value_at, held, "bytes (a json:number)");
          if (!read_value(c, held, text)) return false;
          if (!A::make_number(out, text)) return fail(c, error_code::invalid_value, value_at, "a json:number that is no JSON number: \"" + text + "\"");
          return true;
        }
        case dynamic_choice::null:
          if (held != wire::ref) return mismatch(c, value_at, held, "a ref (a json:null)");
          break;
        case dynamic_choice::string:
          if (held != wire::bytes) return mismatch(c, value_at, held, "bytes (a json:string)");
          break;
        case dynamic_choice::array:
          if (held != wire::seq) return mismatch(c, value_at, held, "a seq (a json:array)");
          break;
        case dynamic_choice::object:
          if (held != wire::map) return mismatch(c, value_at, held, "a map (a json:object)");
          break;
        default:  // the numbers: any integer or floating wire type, read as read_dynamic reads them
          break;
      }
      return nested([&] { return read_dynamic(c, held, out); });
    }
  }
  return fail(c, error_code::invalid_value, at, "unknown wire type");
}

template <class T>
bool read_value(context& c, wire w, T& out) {
  constexpr kind k = kind_of<T>;
  if constexpr (!prism::detail::parts_describable<T>) {
    prism::detail::describable_or_stop<T>();  // stops the build with the part's one message
    return false;
  } else if constexpr (is_weak_ptr<T> || has_identity<T>) {
    return read_shared(c, w, out);
  } else if constexpr (points_to_subtypes<T>()) {
    return read_unique_poly(c, w, out);
  } else if constexpr (k == kind::optional || k == kind::pointer) {
    if (w == wire::ref) return read_ref(c, out);
    return read_value(c, w, adapter<T>::ensure(out));
  } else if constexpr (k == kind::null) {
    if (w != wire::ref) return mismatch(c, c.p, w, "null");
    return read_ref(c, out);
  } else if constexpr (k == kind::dynamic) {
    return read_dynamic(c, w, out);
  } else {
    if (w == wire::ref) return read_ref(c, out);  // an optional's value read into a plain target
    if constexpr (is_scalar<T>) {
      return read_scalar(c, w, out);
    } else if constexpr (k == kind::string) {
      return read_string(c, w, out);
    } else if constexpr (k == kind::bytes) {
      return read_bytes(c, w, out);
    } else if constexpr (k == kind::variant) {
      return read_variant(c, w, out);
    } else if constexpr (k == kind::tuple) {
      return read_tuple(c, w, out);
    } else if constexpr (k == kind::sequence) {
      return read_sequence(c, w, out);
    } else if constexpr (k == kind::map) {
      return read_map(c, w, out);
    } else if constexpr (k == kind::record) {
      return read_record(c, w, out);
    } else if constexpr (k == kind::surrogate) {
      constexpr const auto& d = description<T>;
      static_assert(!std::is_same_v<std::remove_cvref_t<decltype(d.from)>, std::nullptr_t>,
                    "prism: this type's surrogate has no `from` function, so it can be written but not read");
      using S = typename std::remove_cvref_t<decltype(d)>::surrogate_type;
      const unsigned char* at = c.p;
      S s{};
      if (!read_value(c, w, s)) return false;
      auto made = std::invoke(d.from, std::move(s));
      if constexpr (prism::detail::is_result<std::remove_cvref_t<decltype(made)>>) {
        if (!made) return fail(c, made.error().code, at, made.error().detail);
        out = std::move(*made);
      } else {
        out = std::move(made);
      }
      return true;
    } else {
      (void)not_describable<T>::value;
      return false;
    }
  }
}

inline error finish_error(context& c) {
  error e = std::move(c.err());
  e.path.insert(0, 1, '$');
  return e;
}

}  // namespace detail

/// Reads the prism binary document `bytes` into `out`, which keeps what the document does not mention. On error
/// `out` is partly updated, as with JSON's read_into. std::string_view fields point into `bytes`.
template <class T>
result<void> read_into(std::span<const std::byte> bytes, T& out, const read_options& opts = {}) {
  detail::context c(bytes, opts);
  if (c.p == c.end) {
    detail::fail(c, error_code::unexpected_end, c.p, "empty input: no document");
    return detail::finish_error(c);
  }
  unsigned header = *c.p++;
  if ((header >> 4) != format_version) {
    detail::fail(c, error_code::unsupported_version, c.begin,
                 "format version " + std::to_string(header >> 4) + ", this reader knows " + std::to_string(format_version));
    return detail::finish_error(c);
  }
  if ((header & 15) >= wire_types) {
    detail::fail(c, error_code::invalid_value, c.begin, "unknown wire type " + std::to_string(header & 15));
    return detail::finish_error(c);
  }
  if (detail::read_value(c, static_cast<wire>(header & 15), out)) {
    if (c.p == c.end) [[likely]]
      return {};
    detail::fail(c, error_code::trailing_content, c.p, std::to_string(c.left()) + " bytes after the document");
  }
  return detail::finish_error(c);
}

/// Reads the prism binary document `bytes` as a T (default-constructed first).
///   Order o = prism::bin::read<Order>(bytes).value();  // throws prism::error_exception on error
template <class T>
result<T> read(std::span<const std::byte> bytes, const read_options& opts = {}) {
  static_assert(std::is_default_constructible_v<T>, "prism: read<T> needs a default-constructible T; use read_into");
  return prism::detail::read_new<T>([&](T& out) { return read_into(bytes, out, opts); });
}

/// The same, from bytes held in a std::string or std::string_view.
template <class T>
result<T> read(std::string_view bytes, const read_options& opts = {}) {
  return read<T>(std::as_bytes(std::span<const char>(bytes.data(), bytes.size())), opts);
}

namespace detail {
/// The one error for a T whose std::string_view fields would point into bytes gone when read returns
/// (borrows_input): a temporary container, or a stream's buffer. The binary format has no string pool.
template <class T>
constexpr void check_outlives_read() {
  static_assert(!borrows_input<T>,
                "prism: this type holds std::string_view text, which the binary reader points into the input, and "
                "the input (a temporary container, or a stream's buffer) is gone when read returns. Read from bytes "
                "that outlive the result, or hold the text as std::string.");
}
}  // namespace detail

/// read from a temporary container of bytes (a function's result): a T holding std::string_view fields does not
/// compile, since the bytes are gone when read returns.
template <class T, std::same_as<std::vector<std::byte>> B>
result<T> read(B&& bytes, const read_options& opts = {}) {
  detail::check_outlives_read<T>();
  return read<T>(std::span<const std::byte>(bytes), opts);
}

/// read from a temporary std::string of bytes (see above).
template <class T, std::same_as<std::string> S>
result<T> read(S&& bytes, const read_options& opts = {}) {
  detail::check_outlives_read<T>();
  return read<T>(std::string_view(bytes), opts);
}

/// Reads one binary document from a stream (a FILE*, a std::istream, prism::io::fd_reader{fd}, any io::byte_reader)
/// to its end. The document's bytes are held while it is read, as its last field may refer to its first.
/// std::string_view fields cannot point into a stream: a T holding one does not compile here.
template <class T, class In>
  requires io::readable<In>
result<T> read(In&& in, const read_options& opts = {}) {
  detail::check_outlives_read<T>();
  decltype(auto) reader = io::make_reader(std::forward<In>(in));
  std::vector<std::byte> bytes;
  std::size_t size = 0;
  for (;;) {
    if (bytes.size() - size < 64 * 1024) bytes.resize(std::max<std::size_t>(2 * bytes.size(), 64 * 1024));
    std::ptrdiff_t got = reader.read(reinterpret_cast<char*>(bytes.data() + size), bytes.size() - size);
    if (got < 0) return error{error_code::source_failed, size, 0, 0, "$", "the input source failed"};
    if (got == 0) break;
    size += static_cast<std::size_t>(got);
  }
  bytes.resize(size);
  return read<T>(std::span<const std::byte>(bytes), opts);
}

}  // namespace prism::bin
