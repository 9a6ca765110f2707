// prism: any JSON value, for the parts of a model whose shape the service does not own (a `metadata` object, an
// extensions map, a document passed along). A described type like any other: a field of type json::value reads and
// writes through the typed paths. Numbers read keep their exact decimal form and are written back as they came.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cmath>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <new>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_set>
#include <utility>
#include <vector>

#include "../core/kind.hpp"
#include "../core/result.hpp"
#include "detail/dtoa.hpp"
#include "detail/integers.hpp"
#include "detail/parse.hpp"

namespace prism::json {

/// Memory for values read or built together and dropped together: each allocation is a pointer bump in blocks the
/// arena holds, and nothing is freed before the arena is. Values allocated here must not outlive it. Reading into
/// an arena: prism::json::read<prism::json::value>(text, {.arena = &a}).
class arena {
 public:
  /// `first_block`: the size of the first block; each further one is twice the last, up to 1 MiB.
  explicit arena(std::size_t first_block = 4096) noexcept : next_size_(std::max<std::size_t>(first_block, 64)) {}
  arena(const arena&) = delete;
  arena& operator=(const arena&) = delete;
  ~arena() { release(); }

  /// `n` bytes aligned to `align` (a power of two, at most alignof(std::max_align_t)).
  void* allocate(std::size_t n, std::size_t align = alignof(std::max_align_t)) {
    const auto at = (reinterpret_cast<std::uintptr_t>(cur_) + (align - 1)) & ~(std::uintptr_t{align} - 1);
    const auto end = reinterpret_cast<std::uintptr_t>(end_);
    if (cur_ == nullptr || at > end || n > end - at) [[unlikely]]  // (aligning may pass the end itself)
      return allocate_in_new_block(n, align);
    cur_ = reinterpret_cast<char*>(at) + n;
    return cur_ - n;
  }

  /// Frees every block. Nothing allocated here may be used after it.
  void release() noexcept {
    while (head_) {
      block* next = head_->next;
      ::operator delete(head_);
      head_ = next;
    }
    cur_ = end_ = nullptr;
    reserved_ = 0;
  }

  /// The bytes the arena holds from the system (its blocks, headers included).
  std::size_t bytes_reserved() const noexcept { return reserved_; }

 private:
  struct block {
    block* next;
  };
  static constexpr std::size_t header = (sizeof(block) + alignof(std::max_align_t) - 1) & ~(alignof(std::max_align_t) - 1);

  [[gnu::noinline]] void* allocate_in_new_block(std::size_t n, std::size_t align) {
    std::size_t size = std::max(next_size_, n + align + header);
    auto* b = static_cast<block*>(::operator new(size));
    b->next = head_;
    head_ = b;
    reserved_ += size;
    cur_ = reinterpret_cast<char*>(b) + header;
    end_ = reinterpret_cast<char*>(b) + size;
    if (next_size_ < (std::size_t{1} << 20)) next_size_ *= 2;
    return allocate(n, align);
  }

  block* head_ = nullptr;
  char* cur_ = nullptr;
  char* end_ = nullptr;
  std::size_t next_size_;
  std::size_t reserved_ = 0;
};

/// What a json::value holds.
enum class value_type : std::uint8_t { null, boolean, number, string, array, object };

class member;
class value;

namespace detail {
class value_reader;
bool equal_numbers(const value& a, const value& b);
/// Room for any number's text but one kept whole: 19 digits, sign, point, 'e', exponent sign and 20 digits.
inline constexpr std::size_t number_chars = 48;
std::string_view number_text(const value& v, char (&buf)[number_chars]);
bool decimal_of(const value& v, decimal_number& d);
}  // namespace detail

/// Any JSON value: null, a boolean, a number, a string, an array, or an object whose members keep the document's
/// order (and its duplicate keys, unless read_options::reject_duplicate_keys). Sixteen bytes; strings up to 14
/// bytes are held inline. Numbers read are kept as int64 or uint64 when they are integers that fit, otherwise as
/// written (digits, exponent and spelling packed in the value, or the text past 19 digits), converted to double
/// when asked: reading then writing a document changes no number, byte for byte (1e400, 1.50, -0, 30 digits).
///   auto v = prism::json::read<prism::json::value>(text).value();
///   if (auto* name = v.at_pointer("/user/name")) std::puts(name->as_string().value().data());
/// Copies are deep and go to the heap. A value read with read_options::arena lives in that arena (see arena).
class value {
 public:
  value() noexcept { std::memset(b_, 0, sizeof b_); }
  value(std::nullptr_t) noexcept : value() {}
  value(bool b) noexcept : value() {
    b_[0] = b;
    set_rep(rep::boolean);
  }
  template <std::integral I>
    requires(!std::same_as<I, bool> && !std::same_as<I, char>)
  value(I i) noexcept : value() {
    if constexpr (std::is_signed_v<I>) {
      store<std::int64_t>(0, i);
      set_rep(rep::int64);
    } else if (static_cast<std::uint64_t>(i) <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
      store<std::int64_t>(0, static_cast<std::int64_t>(i));
      set_rep(rep::int64);
    } else {
      store<std::uint64_t>(0, i);
      set_rep(rep::uint64);
    }
  }
  value(double d) noexcept : value() {
    store(0, d);
    set_rep(rep::dbl);
  }
  value(float f) noexcept : value(static_cast<double>(f)) {}
  value(std::string_view s) : value() { assign_text(s, rep::str_inline, nullptr); }
  value(const char* s) : value(std::string_view(s)) {}
  value(const std::string& s) : value(std::string_view(s)) {}

  /// An array of the values given: value::array({1, "two", nullptr}).
  static value array(std::initializer_list<value> elements = {});
  /// An object of the members given, in order: value::object({{"id", 7}, {"tags", value::array()}}).
  static value object(std::initializer_list<std::pair<std::string_view, value>> members = {});

  value(const value& o) : value() { copy_from(o); }
  value(value&& o) noexcept {
    std::memcpy(b_, o.b_, sizeof b_);
    std::memset(o.b_, 0, sizeof o.b_);
  }
  value& operator=(value o) noexcept {
    destroy();
    std::memcpy(b_, o.b_, sizeof b_);
    std::memset(o.b_, 0, sizeof o.b_);
    return *this;
  }
  ~value() { destroy(); }

  value_type type() const noexcept;
  bool is_null() const noexcept { return kind() == rep::null; }
  bool is_bool() const noexcept { return kind() == rep::boolean; }
  bool is_number() const noexcept { return type() == value_type::number; }
  /// A number held as an integer: it was written without fraction or exponent and fits int64 or uint64.
  bool is_integer() const noexcept { return kind() == rep::int64 || kind() == rep::uint64; }
  bool is_string() const noexcept { return kind() == rep::str_inline || kind() == rep::str_heap; }
  bool is_array() const noexcept { return kind() == rep::array; }
  bool is_object() const noexcept { return kind() == rep::object; }

  /// Checked access: the value, or type_mismatch ("expected a string, found a number"); out_of_range for a number
  /// the target cannot hold exactly (as_int64 of 1e30, of 2.5; as_double of 1e400).
  result<bool> as_bool() const;
  result<std::int64_t> as_int64() const;
  result<std::uint64_t> as_uint64() const;
  result<double> as_double() const;
  result<std::string_view> as_string() const;

  /// A number read from a document, as it was written there ("1e400", "1.50", "2.5"); empty for integers held as
  /// int64 or uint64, for doubles, and for any other value.
  std::string number_text() const;

  /// The elements of an array, the members of an object (empty spans for other values).
  std::span<const value> elements() const noexcept;
  std::span<value> elements() noexcept;
  std::span<const member> members() const noexcept;
  std::span<member> members() noexcept;
  /// How many elements or members: 0 for other values.
  std::size_t size() const noexcept { return is_array() || is_object() ? count() : 0; }

  /// The member named `key` (the last one, when the object repeats it, as typed reads take the last), or nullptr.
  const value* find(std::string_view key) const noexcept;
  value* find(std::string_view key) noexcept { return const_cast<value*>(std::as_const(*this).find(key)); }
  /// The member named `key`, or a null value when there is none or this is no object: v["user"]["name"].
  const value& operator[](std::string_view key) const noexcept;
  const value& operator[](const char* key) const noexcept { return (*this)[std::string_view(key)]; }
  /// Element i, or a null value past the end (or below 0) or when this is no array. (Any integer type, so that v[0]
  /// is an index and not a null C string.)
  template <std::integral I>
    requires(!std::same_as<I, bool> && !std::same_as<I, char>)
  const value& operator[](I i) const noexcept {
    if constexpr (std::is_signed_v<I>)
      if (i < 0) return element(static_cast<std::size_t>(-1));
    return element(static_cast<std::size_t>(i));
  }
  /// The value a JSON Pointer (RFC 6901) names: "" is this value, "/a/0/b" the member b of element 0 of member a,
  /// "~1" in a name stands for '/', "~0" for '~'. nullptr when nothing is there or the pointer is malformed.
  const value* at_pointer(std::string_view pointer) const noexcept;
  value* at_pointer(std::string_view pointer) noexcept { return const_cast<value*>(std::as_const(*this).at_pointer(pointer)); }

  /// Appends to an array (a null becomes an empty array first); returns the new element. Anything else than an
  /// array or null throws std::logic_error.
  value& push_back(value v);
  /// Sets member `key` of an object (a null becomes an empty object first): replaces the value of the last member
  /// of that name, or appends a member. Returns the member's value. Throws std::logic_error on other values.
  value& set(std::string_view key, value v);
  /// Appends member `key` to an object (a null becomes an empty object first), even when one has that name already:
  /// duplicate keys, as a document may have them. Returns the member's value.
  value& append(std::string_view key, value v);

  /// Structural equality: members in the same order, numbers equal as exact decimal values (1, 1.0 and 1e0 are
  /// equal; 0.1 and 0.10000000000000001 are not, whatever a double makes of them).
  friend bool operator==(const value& a, const value& b);

 private:
  friend class detail::value_reader;
  friend struct prism::adapter<value>;
  friend class member;
  friend bool detail::equal_numbers(const value&, const value&);
  friend std::string_view detail::number_text(const value&, char (&)[detail::number_chars]);
  friend bool detail::decimal_of(const value&, detail::decimal_number&);
  template <class W>
  friend void write_value_json(W& w, const value& v);

  // One layout for all: bytes 0-7 a payload (a scalar, or a pointer to heap or arena memory), 8-11 a count, 15 the
  // representation; inline text uses bytes 0-13 with its length in byte 14.
  enum class rep : std::uint8_t {
    null, boolean, int64, uint64, dbl, decimal, num_inline, num_heap, str_inline, str_heap, array, object,
  };
  // rep::decimal, a number as written with at most 19 digits: bytes 0-7 its digits as an integer, 8 how many before
  // the point, 9 after it, 10-11 the exponent's magnitude, 12 the flags below, 13 how many exponent digits.
  static constexpr unsigned decimal_negative = 1, decimal_exponent = 2, decimal_upper_e = 4, decimal_plus = 8,
                            decimal_minus = 16;
  static constexpr std::size_t max_exponent_digits = 20;
  static constexpr std::uint8_t rep_mask = 0x0F;
  static constexpr std::uint8_t in_arena = 0x80;  ///< the block belongs to an arena: never freed on its own
  static constexpr std::uint8_t exact = 0x40;     ///< an array's or object's block holds exactly count() items
  static constexpr std::size_t inline_capacity = 14;

  rep kind() const noexcept { return static_cast<rep>(b_[15] & rep_mask); }
  void set_rep(rep r, std::uint8_t flags = 0) noexcept { b_[15] = static_cast<unsigned char>(static_cast<std::uint8_t>(r) | flags); }
  bool arena_owned() const noexcept { return (b_[15] & in_arena) != 0; }
  template <class P>
  P load(std::size_t at) const noexcept {
    P x;
    std::memcpy(&x, b_ + at, sizeof x);
    return x;
  }
  template <class P>
  void store(std::size_t at, P x) noexcept {
    std::memcpy(b_ + at, &x, sizeof x);
  }
  std::uint32_t count() const noexcept { return load<std::uint32_t>(8); }
  void* block() const noexcept { return load<void*>(0); }
  /// A string's or a kept number's text.
  std::string_view text() const noexcept {
    rep r = kind();
    if (r == rep::str_inline || r == rep::num_inline) return {reinterpret_cast<const char*>(b_), b_[14]};
    return {static_cast<const char*>(block()), count()};
  }
  std::size_t capacity() const noexcept {
    std::size_t n = count();
    return (b_[15] & exact) || n == 0 ? n : std::max<std::size_t>(4, std::bit_ceil(n));
  }

  static void* allocate(arena* a, std::size_t n, std::size_t align) {
    return a ? a->allocate(n, align) : ::operator new(n);
  }
  static std::uint32_t checked_count(std::size_t n) {
    if (n > std::numeric_limits<std::uint32_t>::max()) throw std::length_error("prism::json::value: more than 2^32-1 bytes or items");
    return static_cast<std::uint32_t>(n);
  }

  /// Makes this (null) a string or kept number text: inline when short, else a copy in `a` or on the heap.
  void assign_text(std::string_view s, rep inline_rep, arena* a) {
    if (s.size() <= inline_capacity) {
      if (!s.empty()) std::memcpy(b_, s.data(), s.size());
      b_[14] = static_cast<unsigned char>(s.size());
      set_rep(inline_rep);
      return;
    }
    std::uint32_t n = checked_count(s.size());
    void* p = allocate(a, n, 1);
    std::memcpy(p, s.data(), n);
    store<void*>(0, p);
    store(8, n);
    set_rep(inline_rep == rep::str_inline ? rep::str_heap : rep::num_heap, a ? in_arena : 0);
  }

  const value& element(std::size_t i) const noexcept;
  /// The integer a double or a number held as written denotes exactly, as magnitude and sign, if it has one that fits
  /// 64 bits (as_int64 and as_uint64 take their ranges of it).
  bool integer_parts(std::uint64_t& magnitude, bool& negative) const;
  void copy_from(const value& o);
  template <class Item>
  void copy_items(const value& o);
  void destroy() noexcept;
  /// Room for one more element or member (2 values each) in this array or object, moving it to the heap.
  template <class Item>
  Item* grow_for_one();

  alignas(8) unsigned char b_[16];
};

/// An object's member: its key and its value.
class member {
 public:
  member() = default;
  member(std::string_view k, json::value v) : key_(k), value_(std::move(v)) {}
  member(json::value k, json::value v) noexcept : key_(std::move(k)), value_(std::move(v)) {}
  std::string_view key() const noexcept { return key_.text(); }
  const json::value& value() const noexcept { return value_; }
  json::value& value() noexcept { return value_; }
  friend bool operator==(const member&, const member&) = default;

 private:
  friend class json::value;
  json::value key_;  ///< always a string
  json::value value_;
};

static_assert(sizeof(value) == 16 && sizeof(member) == 32);

// ---- value: out of line, now that member is complete ----------------------------------------------------

namespace detail {
inline const value& null_value() noexcept {
  static const value null;
  return null;
}

inline const char* type_article(value_type t) noexcept {
  switch (t) {
    case value_type::null: return "null";
    case value_type::boolean: return "a boolean";
    case value_type::number: return "a number";
    case value_type::string: return "a string";
    case value_type::array: return "an array";
    case value_type::object: return "an object";
  }
  return "a value";
}

[[gnu::cold]] inline prism::error value_mismatch(const char* expected, value_type found) {
  return prism::error{.code = error_code::type_mismatch, .path = {},
                      .detail = std::string("expected ") + expected + ", found " + type_article(found)};
}

/// A number's exact decimal value: sign, significant digits without leading or trailing zeros, and the power of ten
/// of the last digit kept. Zero has no digits (and no sign: -0 equals 0).
struct exact_decimal {
  bool negative = false;
  std::string digits;
  std::int64_t exponent = 0;
  bool operator==(const exact_decimal&) const = default;
};

/// The exact decimal of a valid JSON number's text.
inline exact_decimal exact_decimal_of(std::string_view t) {
  exact_decimal d;
  std::size_t i = 0;
  d.negative = i < t.size() && t[i] == '-';
  i += d.negative;
  std::int64_t point_shift = 0;  // digits after the point
  bool after_point = false;
  for (; i < t.size() && t[i] != 'e' && t[i] != 'E'; ++i) {
    if (t[i] == '.') {
      after_point = true;
      continue;
    }
    if (d.digits.empty() && t[i] == '0') {  // a leading zero
      point_shift += after_point;
      continue;
    }
    d.digits.push_back(t[i]);
    point_shift += after_point;
  }
  std::int64_t e = 0;
  if (i < t.size()) {
    ++i;
    bool negative_e = i < t.size() && t[i] == '-';
    if (i < t.size() && (t[i] == '-' || t[i] == '+')) ++i;
    for (; i < t.size(); ++i)
      if (e < 1'000'000'000'000) e = e * 10 + (t[i] - '0');  // past it, no double or integer is equal anyway
    if (negative_e) e = -e;
  }
  std::size_t trailing = 0;
  while (trailing < d.digits.size() && d.digits[d.digits.size() - 1 - trailing] == '0') ++trailing;
  d.digits.resize(d.digits.size() - trailing);
  d.exponent = e - point_shift + static_cast<std::int64_t>(trailing);
  if (d.digits.empty()) d = {};
  return d;
}


inline bool equal_numbers(const value& a, const value& b) {
  using rep = value::rep;
  rep ra = a.kind(), rb = b.kind();
  if (ra == rb && ra == rep::int64) return a.load<std::int64_t>(0) == b.load<std::int64_t>(0);
  if (ra == rb && ra == rep::uint64) return a.load<std::uint64_t>(0) == b.load<std::uint64_t>(0);
  if (ra == rb && ra == rep::dbl) return a.load<double>(0) == b.load<double>(0);
  if ((ra == rep::int64 && rb == rep::uint64) || (ra == rep::uint64 && rb == rep::int64)) return false;  // disjoint ranges
  if ((ra == rep::dbl && !std::isfinite(a.load<double>(0))) || (rb == rep::dbl && !std::isfinite(b.load<double>(0))))
    return false;  // NaN equals nothing; an infinity only an infinity, compared above
  char ba[number_chars], bb[number_chars];
  return exact_decimal_of(number_text(a, ba)) == exact_decimal_of(number_text(b, bb));
}
}  // namespace detail

inline value value::array(std::initializer_list<value> elements) {
  value v;
  v.set_rep(rep::array, exact);
  if (elements.size() == 0) return v;
  std::uint32_t n = checked_count(elements.size());
  auto* items = static_cast<value*>(allocate(nullptr, n * sizeof(value), alignof(value)));
  v.store<void*>(0, items);
  for (const value& e : elements) {  // count grows with each: a throwing copy leaves v whole for its destructor
    ::new (items + v.count()) value(e);
    v.store(8, v.count() + 1);
  }
  return v;
}

inline value value::object(std::initializer_list<std::pair<std::string_view, value>> members) {
  value v;
  v.set_rep(rep::object, exact);
  if (members.size() == 0) return v;
  std::uint32_t n = checked_count(members.size());
  auto* items = static_cast<member*>(allocate(nullptr, n * sizeof(member), alignof(member)));
  v.store<void*>(0, items);
  for (const auto& [k, e] : members) {
    ::new (items + v.count()) member(k, e);
    v.store(8, v.count() + 1);
  }
  return v;
}

inline value_type value::type() const noexcept {
  switch (kind()) {
    case rep::null: return value_type::null;
    case rep::boolean: return value_type::boolean;
    case rep::int64:
    case rep::uint64:
    case rep::dbl:
    case rep::decimal:
    case rep::num_inline:
    case rep::num_heap: return value_type::number;
    case rep::str_inline:
    case rep::str_heap: return value_type::string;
    case rep::array: return value_type::array;
    case rep::object: return value_type::object;
  }
  return value_type::null;
}

inline void value::destroy() noexcept {
  switch (kind()) {
    case rep::num_heap:
    case rep::str_heap:
      if (!arena_owned()) ::operator delete(block());
      break;
    case rep::array: {
      auto* items = static_cast<value*>(block());
      for (std::uint32_t i = 0, n = count(); i < n; ++i) items[i].~value();
      if (!arena_owned()) ::operator delete(items);
      break;
    }
    case rep::object: {
      auto* items = static_cast<member*>(block());
      for (std::uint32_t i = 0, n = count(); i < n; ++i) items[i].~member();
      if (!arena_owned()) ::operator delete(items);
      break;
    }
    default: break;
  }
  std::memset(b_, 0, sizeof b_);
}

/// Makes this (null) a copy of array or object o, on the heap: each element copied in turn, the count growing with
/// them, so that a copy that throws leaves a whole value for the destructor.
template <class Item>
void value::copy_items(const value& o) {
  set_rep(o.kind(), exact);
  std::uint32_t n = o.count();
  if (n == 0) return;
  auto* items = static_cast<Item*>(allocate(nullptr, n * sizeof(Item), alignof(Item)));
  store<void*>(0, items);
  const auto* from = static_cast<const Item*>(o.block());
  for (std::uint32_t i = 0; i < n; ++i) {
    ::new (items + i) Item(from[i]);
    store(8, i + 1);
  }
}

inline void value::copy_from(const value& o) {
  switch (o.kind()) {
    case rep::num_heap:
    case rep::str_heap:
      assign_text(o.text(), o.kind() == rep::str_heap ? rep::str_inline : rep::num_inline, nullptr);
      // a heap text always has more than inline_capacity bytes, so assign_text put it on the heap again
      break;
    case rep::array: return copy_items<value>(o);
    case rep::object: return copy_items<member>(o);
    default: std::memcpy(b_, o.b_, sizeof b_);
  }
}

template <class Item>
Item* value::grow_for_one() {
  std::uint32_t n = count();
  if (n < capacity()) return static_cast<Item*>(block()) + n;
  std::size_t cap = std::max<std::size_t>(4, std::bit_ceil(std::size_t{n} + 1));
  checked_count(cap);
  auto* items = static_cast<Item*>(allocate(nullptr, cap * sizeof(Item), alignof(Item)));
  auto* old = static_cast<Item*>(block());
  if (n != 0) std::memcpy(static_cast<void*>(items), static_cast<const void*>(old), n * sizeof(Item));  // values relocate bytewise
  if (old && !arena_owned()) ::operator delete(old);
  store<void*>(0, items);
  set_rep(kind());  // on the heap now, and no longer exactly full
  return items + n;
}

inline value& value::push_back(value v) {
  if (is_null()) set_rep(rep::array, exact);
  if (!is_array()) throw std::logic_error("prism::json::value::push_back on a value that is no array");
  value* slot = grow_for_one<value>();
  ::new (slot) value(std::move(v));
  store(8, count() + 1);
  return *slot;
}

inline value& value::set(std::string_view key, value v) {
  if (is_null()) set_rep(rep::object, exact);
  if (!is_object()) throw std::logic_error("prism::json::value::set on a value that is no object");
  if (value* existing = find(key)) return *existing = std::move(v);
  return append(key, std::move(v));
}

inline value& value::append(std::string_view key, value v) {
  if (is_null()) set_rep(rep::object, exact);
  if (!is_object()) throw std::logic_error("prism::json::value::append on a value that is no object");
  value k(key);
  member* slot = grow_for_one<member>();
  ::new (slot) member(std::move(k), std::move(v));
  store(8, count() + 1);
  return slot->value_;
}

inline std::span<const value> value::elements() const noexcept {
  if (!is_array() || count() == 0) return {};
  return {static_cast<const value*>(block()), count()};
}
inline std::span<value> value::elements() noexcept {
  if (!is_array() || count() == 0) return {};
  return {static_cast<value*>(block()), count()};
}
inline std::span<const member> value::members() const noexcept {
  if (!is_object() || count() == 0) return {};
  return {static_cast<const member*>(block()), count()};
}
inline std::span<member> value::members() noexcept {
  if (!is_object() || count() == 0) return {};
  return {static_cast<member*>(block()), count()};
}

inline const value* value::find(std::string_view key) const noexcept {
  auto m = members();
  for (std::size_t i = m.size(); i-- > 0;)
    if (m[i].key_.text() == key) return &m[i].value_;
  return nullptr;
}

inline const value& value::operator[](std::string_view key) const noexcept {
  const value* v = find(key);
  return v ? *v : detail::null_value();
}

inline const value& value::element(std::size_t i) const noexcept {
  auto e = elements();
  return i < e.size() ? e[i] : detail::null_value();
}

inline const value* value::at_pointer(std::string_view pointer) const noexcept {
  const value* v = this;
  std::string name;
  while (!pointer.empty()) {
    if (pointer[0] != '/') return nullptr;
    pointer.remove_prefix(1);
    std::size_t end = std::min(pointer.find('/'), pointer.size());
    std::string_view token = pointer.substr(0, end);
    pointer.remove_prefix(end);
    if (v->is_object()) {
      name.clear();
      for (std::size_t i = 0; i < token.size(); ++i) {
        if (token[i] != '~') {
          name.push_back(token[i]);
        } else if (i + 1 < token.size() && (token[i + 1] == '0' || token[i + 1] == '1')) {
          name.push_back(token[++i] == '0' ? '~' : '/');
        } else {
          return nullptr;  // '~' must be followed by 0 or 1
        }
      }
      v = v->find(name);
      if (!v) return nullptr;
    } else if (v->is_array()) {
      // an index: "0", or digits without a leading zero; "-" (past the end) names nothing to read
      if (token.empty() || token.size() > 10 || (token[0] == '0' && token.size() > 1)) return nullptr;
      std::size_t i = 0;
      for (char ch : token) {
        if (ch < '0' || ch > '9') return nullptr;
        i = i * 10 + static_cast<std::size_t>(ch - '0');
      }
      if (i >= v->count()) return nullptr;
      v = &v->elements()[i];
    } else {
      return nullptr;
    }
  }
  return v;
}

inline result<bool> value::as_bool() const {
  if (!is_bool()) return detail::value_mismatch("a boolean", type());
  return b_[0] != 0;
}

inline std::string value::number_text() const {
  rep r = kind();
  if (r != rep::decimal && r != rep::num_inline && r != rep::num_heap) return {};
  char buf[detail::number_chars];
  return std::string(detail::number_text(*this, buf));
}

inline result<std::string_view> value::as_string() const {
  if (!is_string()) return detail::value_mismatch("a string", type());
  return text();
}

namespace detail {
/// The JSON text of a number: as it was read, or for int64, uint64 and double the writer's (the shortest that reads
/// back; nothing for NaN or an infinity). Kept text is viewed where it is; the rest is written into `buf`.
inline std::string_view number_text(const value& v, char (&buf)[number_chars]) {
  using rep = value::rep;
  char* end = buf;
  switch (v.kind()) {
    case rep::int64: end = write_integer(buf, v.load<std::int64_t>(0)); break;
    case rep::uint64: end = write_integer(buf, v.load<std::uint64_t>(0)); break;
    case rep::dbl:
      if (std::isfinite(v.load<double>(0))) end = write_double(buf, v.load<double>(0));
      break;
    case rep::decimal: {
      const unsigned flags = v.b_[12];
      if (flags & value::decimal_negative) *end++ = '-';
      const std::size_t int_digits = v.b_[8], digits = int_digits + v.b_[9];
      char d[max_integer_chars + 20];  // the digits, with the leading zeros w does not hold (0.05: "005")
      std::memset(d, '0', 20);
      const char* d_end = write_integer(d + 20, v.load<std::uint64_t>(0));
      const char* d_first = d_end - digits;
      std::memcpy(end, d_first, int_digits);
      end += int_digits;
      if (digits > int_digits) {
        *end++ = '.';
        std::memcpy(end, d_first + int_digits, digits - int_digits);
        end += digits - int_digits;
      }
      if (flags & value::decimal_exponent) {
        *end++ = (flags & value::decimal_upper_e) ? 'E' : 'e';
        if (flags & (value::decimal_plus | value::decimal_minus)) *end++ = (flags & value::decimal_plus) ? '+' : '-';
        std::uint32_t x = v.load<std::uint16_t>(10);
        for (std::size_t i = v.b_[13]; i-- > 0; x /= 10) end[i] = static_cast<char>('0' + x % 10);
        end += v.b_[13];
      }
      break;
    }
    case rep::num_inline:
    case rep::num_heap: return v.text();
    default: break;
  }
  return {buf, static_cast<std::size_t>(end - buf)};
}

/// A number kept as written (rep::decimal) as the reader scans one: its digits w and power of ten q, exactly (at most
/// 19 digits). False for any other value.
inline bool decimal_of(const value& v, decimal_number& d) {
  if (v.kind() != value::rep::decimal) return false;
  const unsigned flags = v.b_[12];
  const auto exponent = static_cast<std::int64_t>(v.load<std::uint16_t>(10));
  d.w = v.load<std::uint64_t>(0);
  d.q = ((flags & value::decimal_minus) ? -exponent : exponent) - static_cast<std::int64_t>(v.b_[9]);
  d.negative = (flags & value::decimal_negative) != 0;
  d.truncated = false;
  return true;
}

[[gnu::cold]] inline prism::error number_out_of_range(std::string_view text, const char* type) {
  return prism::error{.code = error_code::out_of_range, .path = {},
                      .detail = "number " + std::string(text) + " out of range for " + type};
}

/// The integer a kept number text denotes exactly ("-0", "1.0e2", "12345678901234567890"), if it has one that fits
/// 64 bits: its magnitude and sign.
inline bool exact_integer(std::string_view text, std::uint64_t& magnitude, bool& negative) {
  exact_decimal d = exact_decimal_of(text);
  negative = d.negative;
  magnitude = 0;
  if (d.exponent < 0 || static_cast<std::int64_t>(d.digits.size()) + d.exponent > 20) return false;
  for (char ch : d.digits)
    if (__builtin_mul_overflow(magnitude, 10u, &magnitude) || __builtin_add_overflow(magnitude, static_cast<unsigned>(ch - '0'), &magnitude))
      return false;
  for (std::int64_t i = 0; i < d.exponent; ++i)
    if (__builtin_mul_overflow(magnitude, 10u, &magnitude)) return false;
  return true;
}
}  // namespace detail

inline bool value::integer_parts(std::uint64_t& magnitude, bool& negative) const {
  if (kind() == rep::dbl) {
    const double d = load<double>(0);
    negative = std::signbit(d);
    const double a = negative ? -d : d;
    if (!(a < 18446744073709551616.0) || a != std::floor(a)) return false;  // NaN, too large, or a fraction
    magnitude = static_cast<std::uint64_t>(a);
    return true;
  }
  char buf[detail::number_chars];
  return detail::exact_integer(detail::number_text(*this, buf), magnitude, negative);
}

inline result<std::int64_t> value::as_int64() const {
  constexpr std::uint64_t int_max = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
  if (kind() == rep::int64) return load<std::int64_t>(0);
  if (!is_number()) return detail::value_mismatch("a number", type());
  std::uint64_t m = 0;
  bool negative = false;
  if (kind() != rep::uint64 && integer_parts(m, negative) && m <= int_max + negative)
    return negative ? static_cast<std::int64_t>(std::uint64_t{0} - m) : static_cast<std::int64_t>(m);
  char buf[detail::number_chars];
  return detail::number_out_of_range(detail::number_text(*this, buf), "int64");
}

inline result<std::uint64_t> value::as_uint64() const {
  if (kind() == rep::uint64) return load<std::uint64_t>(0);
  if (!is_number()) return detail::value_mismatch("a number", type());
  std::uint64_t m = 0;
  bool negative = false;
  if (kind() == rep::int64) {
    if (load<std::int64_t>(0) >= 0) return static_cast<std::uint64_t>(load<std::int64_t>(0));
  } else if (integer_parts(m, negative) && (!negative || m == 0)) {
    return m;
  }
  char buf[detail::number_chars];
  return detail::number_out_of_range(detail::number_text(*this, buf), "uint64");
}

inline result<double> value::as_double() const {
  switch (kind()) {
    case rep::int64: return static_cast<double>(load<std::int64_t>(0));
    case rep::uint64: return static_cast<double>(load<std::uint64_t>(0));
    case rep::dbl: return load<double>(0);
    case rep::decimal:
    case rep::num_inline:
    case rep::num_heap: {
      char buf[detail::number_chars];
      const std::string_view t = detail::number_text(*this, buf);
      static const read_options defaults{};
      detail::read_context c(t, defaults);
      detail::decimal_number d;
      double out = 0;
      if (!detail::scan_number(c, t.data(), d) || !detail::to_float(d, out))
        return detail::number_out_of_range(t, "double");
      return out;
    }
    default: return detail::value_mismatch("a number", type());
  }
}

inline bool operator==(const value& a, const value& b) {
  value_type t = a.type();
  if (t != b.type()) return false;
  switch (t) {
    case value_type::null: return true;
    case value_type::boolean: return a.b_[0] == b.b_[0];
    case value_type::number: return detail::equal_numbers(a, b);
    case value_type::string: return a.text() == b.text();
    case value_type::array: return std::ranges::equal(a.elements(), b.elements());
    case value_type::object: return std::ranges::equal(a.members(), b.members());
  }
  return false;
}

// ---- JSON: reading and writing a value (the typed reader and writer call these for kind::dynamic) ---------------

namespace detail {

/// Reads any JSON value into a json::value. Elements and members are read in place on one stack, where they wait
/// until their container closes and then move into a block of exactly their number: one allocation per container,
/// none per element.
class value_reader {
 public:
  value_reader(read_context& c, arena* a) noexcept : c_(c), arena_(a), data_(reinterpret_cast<value*>(inline_)) {}
  value_reader(const value_reader&) = delete;
  value_reader& operator=(const value_reader&) = delete;
  ~value_reader() {
    for (std::size_t i = 0; i < size_; ++i) data_[i].~value();
    if (data_ != reinterpret_cast<value*>(inline_)) ::operator delete(data_);
  }

  bool read(value& out) {
    push();
    if (!read_at(0)) return false;
    out = std::move(data_[0]);
    return true;
  }

 private:
  /// Reads the value at c.p into the stack's slot `slot` (data_ may move while it does: slots are indices).
  bool read_at(std::size_t slot) {
    const char* p = c_.p;
    if (p == c_.end) [[unlikely]]
      return fail_expected(c_, "a value", p);
    switch (*p) {
      case '{': return read_object(slot);
      case '[': return read_array(slot);
      case '"': {
        std::string_view text;
        const char* after = read_string_text(c_, p, c_.scratch, text);
        if (!after) return false;
        data_[slot].assign_text(text, value::rep::str_inline, arena_);
        c_.p = after;
        return true;
      }
      case 't':
        if (const char* t = match_literal(p, c_.end, "true")) {
          data_[slot].b_[0] = 1;
          data_[slot].set_rep(value::rep::boolean);
          c_.p = t;
          return true;
        }
        return fail_literal(c_, p, "true");
      case 'f':
        if (const char* f = match_literal(p, c_.end, "false")) {
          data_[slot].set_rep(value::rep::boolean);
          c_.p = f;
          return true;
        }
        return fail_literal(c_, p, "false");
      case 'n':
        if (const char* n = match_literal(p, c_.end, "null")) {
          c_.p = n;
          return true;
        }
        return fail_literal(c_, p, "null");
      default:
        if (*p == '-' || is_digit(*p)) return read_number(data_[slot]);
        return fail_expected(c_, "a value", p, error_code::syntax_error);
    }
  }

  /// Integers that fit 64 bits as integers; other numbers as their decimal (value::rep::decimal: significand,
  /// exponent and spelling, in the value itself), or as their text when that does not fit (more than 19 digits).
  bool read_number(value& out) {
    const char* p = c_.p;
    const char* e = c_.end;
    const bool negative = *p == '-';
    const char* q = p + negative;
    if (q == e || !is_digit(*q) || (*q == '0' && q + 1 != e && is_digit(q[1]))) [[unlikely]]
      return read_unusual_number(out);
    std::uint64_t m = 0;
    const char* last = accumulate_short_digits(q, e - q > 19 ? q + 19 : e, m);
    bool overflow = false;
    while (last != e && is_digit(*last)) {
      overflow |= __builtin_mul_overflow(m, 10u, &m) || __builtin_add_overflow(m, static_cast<unsigned>(*last - '0'), &m);
      ++last;
    }
    if (last == e || (*last != '.' && (*last | 0x20) != 'e')) {
      constexpr std::uint64_t int_max = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
      if (!overflow && !(negative && m == 0)) {  // -0 stays a decimal: as an integer it would lose its sign
        if (negative ? m <= int_max + 1 : m <= int_max) {
          out.store<std::int64_t>(0, negative ? static_cast<std::int64_t>(std::uint64_t{0} - m) : static_cast<std::int64_t>(m));
          out.set_rep(value::rep::int64);
          c_.p = last;
          return true;
        }
        if (!negative) {
          out.store<std::uint64_t>(0, m);
          out.set_rep(value::rep::uint64);
          c_.p = last;
          return true;
        }
      }
    }
    const std::size_t int_digits = static_cast<std::size_t>(last - q);
    std::size_t frac_digits = 0;
    const char* r = last;
    if (r != e && *r == '.') {
      const char* frac_first = ++r;
      r = accumulate_digits(r, e, m);  // past 19 digits m overflows: then the text is kept instead
      frac_digits = static_cast<std::size_t>(r - frac_first);
      if (frac_digits == 0) [[unlikely]]
        return read_unusual_number(out);
    }
    unsigned flags = negative ? value::decimal_negative : 0;
    std::uint32_t exponent = 0;
    std::size_t exponent_digits = 0;
    if (r != e && (*r | 0x20) == 'e') {
      flags |= value::decimal_exponent | (*r == 'E' ? value::decimal_upper_e : 0);
      ++r;
      if (r != e && (*r == '+' || *r == '-')) flags |= *r++ == '+' ? value::decimal_plus : value::decimal_minus;
      const char* exponent_first = r;
      for (; r != e && is_digit(*r); ++r)
        if (exponent < 100000) exponent = exponent * 10 + static_cast<unsigned>(*r - '0');
      exponent_digits = static_cast<std::size_t>(r - exponent_first);
      if (exponent_digits == 0) [[unlikely]]
        return read_unusual_number(out);
    }
    if (!overflow && int_digits + frac_digits <= 19 && exponent <= 0xFFFF && exponent_digits <= value::max_exponent_digits) {
      out.store(0, m);
      out.b_[8] = static_cast<unsigned char>(int_digits);
      out.b_[9] = static_cast<unsigned char>(frac_digits);
      out.store(10, static_cast<std::uint16_t>(exponent));
      out.b_[12] = static_cast<unsigned char>(flags);
      out.b_[13] = static_cast<unsigned char>(exponent_digits);
      out.set_rep(value::rep::decimal);
    } else {
      out.assign_text({p, static_cast<std::size_t>(r - p)}, value::rep::num_inline, arena_);
    }
    c_.p = r;
    return true;
  }

  /// A number the quick scan left: its error, with scan_number's message (the text is kept if it has none).
  [[gnu::noinline]] bool read_unusual_number(value& out) {
    decimal_number d;
    const char* last = scan_number(c_, c_.p, d);
    if (!last) return false;
    out.assign_text({c_.p, static_cast<std::size_t>(last - c_.p)}, value::rep::num_inline, arena_);
    c_.p = last;
    return true;
  }

  bool read_array(std::size_t slot) {
    if (!open_container(c_, '[', "array")) return false;
    const std::size_t base = size_;
    if (!close_if_empty(c_, ']')) {
      for (std::size_t i = 0;; ++i) {
        if (!charge<value>(c_)) return false;
        push();
        if (!read_at(size_ - 1)) {
          prism::detail::prepend_path(c_.err.path, "[", std::to_string(i), "]");
          return false;
        }
        if (!next_item(c_, ']')) {
          if (c_.err.code != error_code::none) return false;
          break;
        }
      }
    }
    close_into(data_[slot], value::rep::array, base, size_ - base, sizeof(value));
    return true;
  }

  bool read_object(std::size_t slot) {
    if (!open_container(c_, '{', "object")) return false;
    const std::size_t base = size_;
    if (!close_if_empty(c_, '}')) {
      for (;;) {
        const char* at = c_.p;
        if (at == c_.end || *at != '"') return fail_expected(c_, "a string key", at, error_code::syntax_error);
        std::string_view text;
        const char* after = read_string_text(c_, at, c_.scratch, text);
        if (!after) return false;
        if (c_.opts.reject_duplicate_keys && repeats(base, text)) [[unlikely]]
          return fail_duplicate_key(c_, at, text);
        if (!charge<member>(c_)) return false;
        push();
        const std::size_t key = size_ - 1;
        data_[key].assign_text(text, value::rep::str_inline, arena_);
        after = skip_whitespace(after, c_.end);
        if (after == c_.end || *after != ':') return fail_expected(c_, "':'", after, error_code::syntax_error);
        c_.p = skip_whitespace(after + 1, c_.end);
        push();
        if (!read_at(key + 1)) {
          prism::detail::prepend_path(c_.err.path, "[\"", data_[key].text(), "\"]");
          return false;
        }
        if (!next_item(c_, '}')) {
          if (c_.err.code != error_code::none) return false;
          break;
        }
      }
    }
    if (!key_sets_.empty() && key_sets_.back().first == base) key_sets_.pop_back();
    close_into(data_[slot], value::rep::object, base, (size_ - base) / 2, sizeof(member));
    return true;
  }

  /// Moves the `n` items above `base` (values, or key and value pairs) into a block of exactly their size, which
  /// `out` (a slot below them) then holds; the stack forgets them.
  void close_into(value& out, value::rep r, std::size_t base, std::size_t n, std::size_t item_size) {
    out.set_rep(r, value::exact | (arena_ ? value::in_arena : 0));
    if (n == 0) return;
    void* items = value::allocate(arena_, n * item_size, alignof(member));
    std::memcpy(items, static_cast<const void*>(data_ + base), n * item_size);  // values relocate bytewise
    size_ = base;
    out.store<void*>(0, items);
    out.store(8, static_cast<std::uint32_t>(n));
  }

  /// Whether an earlier member of the object whose members start at `base` has this key: compared one by one up to
  /// 64 members, then through a set of the keys (kept per open object, innermost last), so that a document of n
  /// keys costs O(n) and not O(n^2).
  bool repeats(std::size_t base, std::string_view key) {
    if (size_ - base < 2 * 64) {
      for (std::size_t i = base; i < size_; i += 2)
        if (data_[i].text() == key) return true;
      return false;
    }
    if (key_sets_.empty() || key_sets_.back().first != base) {
      key_sets_.emplace_back(base, std::unordered_set<std::string>());
      for (std::size_t i = base; i < size_; i += 2) key_sets_.back().second.emplace(data_[i].text());
    }
    return !key_sets_.back().second.emplace(key).second;
  }

  /// A null on top of the stack.
  void push() {
    if (size_ == capacity_) [[unlikely]]
      grow();
    ::new (data_ + size_) value();
    ++size_;
  }

  [[gnu::noinline]] void grow() {
    std::size_t cap = capacity_ * 2;
    auto* bigger = static_cast<value*>(::operator new(cap * sizeof(value)));
    std::memcpy(static_cast<void*>(bigger), static_cast<const void*>(data_), size_ * sizeof(value));
    if (data_ != reinterpret_cast<value*>(inline_)) ::operator delete(data_);
    data_ = bigger;
    capacity_ = cap;
  }

  static constexpr std::size_t inline_items = 64;
  read_context& c_;
  arena* arena_;
  alignas(value) unsigned char inline_[inline_items * sizeof(value)];
  value* data_;
  std::size_t size_ = 0;
  std::size_t capacity_ = inline_items;
  std::vector<std::pair<std::size_t, std::unordered_set<std::string>>> key_sets_;  ///< see repeats
};

/// The typed reader's entry for a json::value (kind::dynamic).
inline bool read_dynamic(read_context& c, value& out) {
  value_reader r(c, c.opts.arena);
  return r.read(out);
}

}  // namespace detail

/// Writes a json::value through a low-level writer (the typed writer calls it for kind::dynamic). Errors (a NaN
/// without nonfinite_as_null, invalid UTF-8, nesting past max_depth) are left in the writer with the value's path.
template <class W>
void write_value_json(W& w, const value& v) {
  if constexpr (requires { w.copy_of(v); }) {  // a writer that builds values (json::from) takes it whole
    return w.copy_of(v);
  }
  using rep = value::rep;
  switch (v.kind()) {
    case rep::null: return w.null();
    case rep::boolean: return w.value(v.b_[0] != 0);
    case rep::int64: return w.value(v.load<std::int64_t>(0));
    case rep::uint64: return w.value(v.load<std::uint64_t>(0));
    case rep::dbl: return w.value(v.load<double>(0));
    case rep::decimal:
    case rep::num_inline:
    case rep::num_heap: {  // as read (and checked) from a document
      char buf[detail::number_chars];
      return w.raw_value(detail::number_text(v, buf));
    }
    case rep::str_inline:
    case rep::str_heap: return w.value(v.text());
    case rep::array: {
      w.begin_array();
      std::size_t i = 0;
      for (const value& e : v.elements()) {
        write_value_json(w, e);
        if (!w.ok()) [[unlikely]]
          return prism::detail::prepend_path(w.error_path(), "[", std::to_string(i), "]");
        ++i;
      }
      return w.end_array();
    }
    case rep::object: {
      w.begin_object();
      for (const member& m : v.members()) {
        w.key(m.key());
        write_value_json(w, m.value());
        if (!w.ok()) [[unlikely]]
          return prism::detail::prepend_path(w.error_path(), "[\"", m.key(), "\"]");
      }
      return w.end_object();
    }
  }
}

}  // namespace prism::json

namespace prism {
/// json::value as kind::dynamic (core/kind.hpp): how other formats see and make one.
template <>
struct adapter<json::value> {
  static constexpr kind category = kind::dynamic;

  template <class F>
  static decltype(auto) visit(const json::value& v, F&& f) {
    using rep = json::value::rep;
    switch (v.kind()) {
      case rep::null: return f(nullptr);
      case rep::boolean: return f(v.b_[0] != 0);
      case rep::int64: return f(v.load<std::int64_t>(0));
      case rep::uint64: return f(v.load<std::uint64_t>(0));
      case rep::dbl: return f(v.load<double>(0));
      case rep::decimal:
      case rep::num_inline:
      case rep::num_heap: {
        char buf[json::detail::number_chars];
        return f(dynamic_number{json::detail::number_text(v, buf)});
      }
      case rep::str_inline:
      case rep::str_heap: return f(v.text());
      case rep::array: return f(dynamic_array<json::value>{v.elements()});
      case rep::object: break;
    }
    return f(dynamic_object<json::member>{v.members()});
  }

  static void make(json::value& out, std::nullptr_t) { out = json::value(); }
  static void make(json::value& out, bool b) { out = json::value(b); }
  static void make(json::value& out, std::int64_t i) { out = json::value(i); }
  static void make(json::value& out, std::uint64_t u) { out = json::value(u); }
  static void make(json::value& out, double d) { out = json::value(d); }
  /// A float as JSON writes it, the shortest text that reads back as that float (0.1f is 0.1).
  static void make(json::value& out, float f) {
    if (!std::isfinite(f)) return make(out, static_cast<double>(f));
    char buf[json::detail::max_float_chars];
    make_number(out, std::string_view(buf, static_cast<std::size_t>(json::detail::write_float(buf, f) - buf)));
  }
  /// False when `text` is not one JSON number.
  static bool make_number(json::value& out, std::string_view text) {
    const json::read_options strict{};  // read_context keeps a reference
    json::detail::read_context c(text, strict);
    json::value v;
    json::detail::value_reader r(c, nullptr);
    if (text.empty() || (text[0] != '-' && !json::detail::is_digit(text[0])) || !r.read(v) || c.p != c.end) return false;
    out = std::move(v);
    return true;
  }
  static void make_string(json::value& out, std::string_view s) { out = json::value(s); }
  static void make_array(json::value& out) { out = json::value::array(); }
  static json::value& add_element(json::value& array) { return array.push_back(json::value()); }
  static void make_object(json::value& out) { out = json::value::object(); }
  static json::value& add_member(json::value& object, std::string_view key) { return object.append(key, json::value()); }
};
}  // namespace prism
