// The binary format: exact bytes of the specification's examples, round trips of every supported type,
// compatibility between two versions of the same models, shared and weak pointers, and hostile input.
#include <prism/bin/read.hpp>
#include <prism/bin/write.hpp>
#include <prism/prism.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <deque>
#include <forward_list>
#include <fstream>
#include <iterator>
#include <limits>
#include <list>
#include <map>
#include <memory>
#include <optional>
#include <queue>
#include <random>
#include <set>
#include <sstream>
#include <stack>
#include <string>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <variant>
#include <vector>

#include "golden_models.hpp"
#include "models/canada.hpp"
#include "models/twitter.hpp"

// Three versions of the same models (outside the anonymous namespace: reflected types need linkage).
namespace v1 {
struct item {
  std::int32_t id = 0;
  std::string name;
  std::int32_t count = 0;
  float weight = 0;
};
struct order {
  std::vector<item> items;
  std::unique_ptr<item> main;
  std::optional<item> extra;
  std::pair<std::int32_t, std::string> note;
};
}  // namespace v1

namespace v2 {  // id widened, count optional, weight a double, a field appended everywhere the item appears
struct item {
  std::int64_t id = 0;
  std::string name;
  std::optional<std::int32_t> count;
  double weight = 0;
  std::string sku = "none";
};
struct order {
  std::vector<item> items;
  std::shared_ptr<item> main;
  std::optional<item> extra;
  std::tuple<std::int32_t, std::string, bool> note;
  std::uint32_t flags = 7;
};
}  // namespace v2

namespace v3 {  // name removed (its id kept by a placeholder), fields renamed, id narrowed, count back to plain
struct item {
  std::int16_t identifier = 0;
  std::int32_t quantity = 0;
  float mass = 0;
  std::string sku = "unset";
};
constexpr auto prism_describe(prism::type_t<item>) {
  return prism::fields(prism::field("identifier", &item::identifier), prism::removed(),
                       prism::field("quantity", &item::quantity), prism::field("mass", &item::mass),
                       prism::field("sku", &item::sku));
}
struct order {
  std::list<item> items;
  std::unique_ptr<item> main;
  std::optional<item> extra;
};
}  // namespace v3

namespace checked {  // a dense record with a required field that can be empty
struct ticket {
  std::int32_t id = 0;
  std::optional<std::int32_t> seat;
  std::optional<std::string> note;
};
constexpr auto prism_describe(prism::type_t<ticket>) {
  return prism::fields(prism::field("id", &ticket::id), prism::field("seat", &ticket::seat).required(),
                       prism::field("note", &ticket::note));
}
struct badge {  // keyed: its ids leave gaps
  std::int32_t id = 0;
  std::optional<std::int32_t> level;
};
constexpr auto prism_describe(prism::type_t<badge>) {
  return prism::fields(prism::field("id", &badge::id), prism::field("level", &badge::level).id(9).required());
}
}  // namespace checked

namespace homonyms {  // two hierarchies that give one subtype name to different types
struct animal {
  virtual ~animal() = default;
  std::int32_t legs = 0;
};
struct cat : animal {
  std::string name;
};
struct vehicle {
  virtual ~vehicle() = default;
  std::int32_t wheels = 0;
};
struct car : vehicle {
  double speed = 0;
};
constexpr auto prism_describe(prism::type_t<animal>) { return prism::fields(prism::field("legs", &animal::legs)); }
constexpr auto prism_describe(prism::type_t<cat>) {
  return prism::fields(prism::field("legs", &cat::legs), prism::field("name", &cat::name));
}
constexpr auto prism_describe(prism::type_t<vehicle>) { return prism::fields(prism::field("wheels", &vehicle::wheels)); }
constexpr auto prism_describe(prism::type_t<car>) {
  return prism::fields(prism::field("wheels", &car::wheels), prism::field("speed", &car::speed));
}
constexpr auto prism_subtypes(prism::type_t<animal>) { return prism::subtypes(prism::subtype<cat>("kind")); }
constexpr auto prism_subtypes(prism::type_t<vehicle>) { return prism::subtypes(prism::subtype<car>("kind")); }
}  // namespace homonyms

namespace narrow {  // records of small integers only: read by the decoder of short varints where they fit it
struct ten {
  std::int32_t a, b, c, d, e, f, g, h, i, j;
  bool operator==(const ten&) const = default;
};
struct fifteen {
  std::uint16_t a, b, c, d, e, f, g, h, i, j, k, l, m, n, o;
  bool operator==(const fifteen&) const = default;
};
struct three {
  std::int64_t x;
  std::int16_t y;
  std::int32_t z;
  bool operator==(const three&) const = default;
};
struct one {
  std::uint64_t only;
  bool operator==(const one&) const = default;
};
struct nine {  // 4-byte integers alone (packed): written by the branch-free path where they fit it
  std::uint32_t a, b, c, d, e, f, g, h, i;
  bool operator==(const nine&) const = default;
};
struct thirteen {
  std::int32_t a, b, c, d, e, f, g, h, i, j, k, l, m;
  bool operator==(const thirteen&) const = default;
};
struct pair32 {
  std::int32_t x, y;
  bool operator==(const pair32&) const = default;
};
struct triple32 {
  std::uint32_t x, y, z;
  bool operator==(const triple32&) const = default;
};
struct single32 {
  std::int32_t only;
  bool operator==(const single32&) const = default;
};
struct mixed {  // both signednesses: read field by field
  std::int32_t s;
  std::uint32_t u;
  bool operator==(const mixed&) const = default;
};
}  // namespace narrow

namespace bounded {  // every scalar at its longest, an optional and nested bounded values: max_size_of holds
struct extremes {
  bool flag = true;
  char letter = '\xff';
  std::int8_t tiny = std::numeric_limits<std::int8_t>::min();
  std::uint64_t hash = std::numeric_limits<std::uint64_t>::max();
  std::int64_t id = std::numeric_limits<std::int64_t>::min();
  float ratio = -std::numeric_limits<float>::max();
  double value = std::numeric_limits<double>::lowest();
  std::optional<std::int64_t> parent = std::numeric_limits<std::int64_t>::min();
  narrow::three nested{std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int16_t>::min(),
                       std::numeric_limits<std::int32_t>::min()};
  std::array<std::uint32_t, 3> triple{std::numeric_limits<std::uint32_t>::max(), 0, 1u << 31};
  std::chrono::nanoseconds age{std::numeric_limits<std::int64_t>::min()};
};
}  // namespace bounded

namespace {

using bytes = std::vector<std::byte>;

bytes of(std::initializer_list<int> b) {
  bytes out;
  for (int x : b) out.push_back(static_cast<std::byte>(x));
  return out;
}

template <class T>
bytes encode(const T& v) {
  auto r = prism::bin::to_bytes(v);
  EXPECT_TRUE(r) << r.error().message();
  return r ? *r : bytes{};
}

template <class T>
prism::result<T> decode(const bytes& b) {
  return prism::bin::read<T>(std::span<const std::byte>(b));
}

// Empty records and tuples, alone and as fields: their writing and size bounds once made g++ warn (an error under the
// -Werror this file builds with) for the empty parameter packs.
namespace hollow {
struct nothing {};
struct holder {
  nothing e;
  std::tuple<> t;
  int after;
};
}  // namespace hollow

namespace arrays_inside {
struct shape {  // an aggregate with C array members needs no description
  int id;
  double xs[3];
  char name[8];
  std::int16_t grid[2][2];
};
}  // namespace arrays_inside

TEST(BinaryFormat, AggregatesWithArrayMembersRoundTrip) {
  arrays_inside::shape s{7, {1.5, 2, 3}, "box", {{1, 2}, {3, -4}}};
  auto back = decode<arrays_inside::shape>(encode(s));
  ASSERT_TRUE(back) << back.error().message();
  EXPECT_EQ(back->id, 7);
  EXPECT_EQ(back->xs[2], 3);
  EXPECT_STREQ(back->name, "box");
  EXPECT_EQ(back->grid[1][1], -4);
}

TEST(BinaryFormat, EmptyRecordsAndTuplesRoundTrip) {
  ASSERT_TRUE(decode<hollow::nothing>(encode(hollow::nothing{})));
  ASSERT_TRUE(decode<std::tuple<>>(encode(std::tuple<>{})));
  auto back = decode<hollow::holder>(encode(hollow::holder{{}, {}, 7}));
  ASSERT_TRUE(back) << back.error().message();
  EXPECT_EQ(back->after, 7);
}

// ---- the specification's examples, byte for byte --------------------------------------------------------

struct sample {
  int int_value;
  float float_value;
  std::string string_value;
  std::optional<int> absent;
  std::vector<double> v;
};

TEST(BinaryFormat, BytesFollowTheSpecification) {
  EXPECT_EQ(encode(-3), of({0x11, 0x05}));                       // version 1, sint; zigzag(-3) = 5
  EXPECT_EQ(encode(300u), of({0x10, 0xAC, 0x02}));               // uint varint
  EXPECT_EQ(encode(true), of({0x10, 0x01}));
  EXPECT_EQ(encode(1.5f), of({0x12, 0x00, 0x00, 0xC0, 0x3F}));  // f32, little-endian
  EXPECT_EQ(encode(std::string("hi")), of({0x14, 0x02, 'h', 'i'}));
  EXPECT_EQ(encode(std::vector<std::int32_t>{1, -1}), of({0x16, 0x21, 0x02, 0x01}));  // seq: count 2 << 4 | sint
  EXPECT_EQ(encode(std::vector<std::int32_t>{}), of({0x16, 0x00}));
  // 12 elements and more: the nibble 12 + (count - 12) % 4, then a varint of (count - 12) / 4
  auto ones = [](std::initializer_list<int> header, std::size_t n) {
    bytes b = of(header);
    b.insert(b.end(), n, std::byte{0x01});
    return b;
  };
  EXPECT_EQ(encode(std::vector<std::uint8_t>(11, 1)), ones({0x16, 0xB0}, 11));
  EXPECT_EQ(encode(std::vector<std::uint8_t>(12, 1)), ones({0x16, 0xC0, 0x00}, 12));
  EXPECT_EQ(encode(std::vector<std::uint8_t>(15, 1)), ones({0x16, 0xF0, 0x00}, 15));
  EXPECT_EQ(encode(std::vector<std::uint8_t>(16, 1)), ones({0x16, 0xC0, 0x01}, 16));
  EXPECT_EQ(encode(std::vector<std::uint8_t>(21, 1)), ones({0x16, 0xD0, 0x02}, 21));
  EXPECT_EQ(encode(std::vector<std::uint8_t>(523, 1)), ones({0x16, 0xF0, 0x7F}, 523));
  EXPECT_EQ(encode(std::vector<std::uint8_t>(524, 1)), ones({0x16, 0xC0, 0x80, 0x01}, 524));
  // a protobuf field of 512 floats takes 1 + 2 + 2048 bytes, as does a prism document of them
  EXPECT_EQ(encode(std::vector<float>(512, 1.0f)).size(), 1u + 2u + 2048u);
  EXPECT_EQ(encode(std::optional<int>{}), of({0x18, 0x00}));                 // ref: null
  EXPECT_EQ(encode(std::optional<int>{2}), of({0x18, 0x04, 0x04}));          // ref: value of wire 1 (h = 4)
  EXPECT_EQ(encode(std::map<std::string, int>{{"x", 1}}), of({0x17, 0x01, 0x41, 0x01, 'x', 0x02}));
  // a dense record: the count of ids (5), a wire-type nibble per id, low nibble first (sint, f32; bytes, absent;
  // seq, padding 0), then the values of the fields that hold one
  EXPECT_EQ(encode(sample{-3, 1.5f, "hi", std::nullopt, {1.0}}),
            of({0x15, 0x05, 0x21, 0xF4, 0x06, 0x05, 0x00, 0x00, 0xC0, 0x3F, 0x02, 'h', 'i', 0x13, 0, 0, 0, 0, 0, 0,
                0xF0, 0x3F}));
  // a keyed record, shorter when few fields hold a value: keys are (id step << 4 | wire type), then the end byte
  struct sparse {
    std::optional<int> a, b, c, d;
  };
  EXPECT_EQ(encode(sparse{std::nullopt, std::nullopt, 7, std::nullopt}), of({0x15, 0x31, 0x0E, 0x00}));
  EXPECT_EQ(encode(sparse{}), of({0x15, 0x00}));
  EXPECT_EQ(decode<sample>(of({0x15, 0x11, 0x05, 0x46, 0x00, 0x00})).value().int_value, -3);  // readers take both
}

TEST(BinaryFormat, EverySequenceCountTakesTheSpecifiedHeaderAndReadsBack) {
  auto varint_size = [](std::size_t v) {
    std::size_t n = 1;
    for (; v >= 128; v >>= 7) ++n;
    return n;
  };
  std::vector<std::size_t> counts;
  for (std::size_t n = 0; n <= 2100; ++n) counts.push_back(n);
  for (std::size_t n : {65535u, 65536u, 65547u, 65548u, 1u << 20}) counts.push_back(n);
  for (std::size_t n : counts) {
    std::vector<std::uint8_t> v(n);
    for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<std::uint8_t>(i % 100);
    bytes b = encode(v);
    std::size_t header = n < 12 ? 1 : 1 + varint_size((n - 12) >> 2);
    ASSERT_EQ(b.size(), 1 + header + n) << n;
    auto back = decode<std::vector<std::uint8_t>>(b);
    ASSERT_TRUE(back) << n;
    ASSERT_EQ(*back, v) << n;
  }
}

TEST(BinaryFormat, IntegerSequencesOfLargeValuesAreFixedWidth) {
  // small values: varints; mostly large ones: 4 bytes each, two's complement, little-endian (wire type i32)
  EXPECT_EQ(encode(std::vector<std::int32_t>{1, -1}), of({0x16, 0x21, 0x02, 0x01}));
  EXPECT_EQ(encode(std::vector<std::int32_t>{-2000000000, 0x01020304}),
            of({0x16, 0x2A, 0x00, 0x6C, 0xCA, 0x88, 0x04, 0x03, 0x02, 0x01}));
  EXPECT_EQ(encode(std::vector<std::uint64_t>{~0ull}), of({0x16, 0x1D, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}));
  // read into other widths, range-checked like varints
  EXPECT_EQ(decode<std::vector<std::int64_t>>(encode(std::vector<std::int32_t>{-2000000000, 7, 2000000000})).value(),
            (std::vector<std::int64_t>{-2000000000, 7, 2000000000}));
  auto narrow = decode<std::vector<std::int16_t>>(encode(std::vector<std::int32_t>{-2000000000, 7}));
  ASSERT_FALSE(narrow);
  EXPECT_EQ(narrow.error().code, prism::error_code::out_of_range);
  EXPECT_EQ(narrow.error().path, "$[0]");
  EXPECT_EQ(prism::bin::dump(encode(std::vector<std::int32_t>{-2000000000, 16909060})).value(),
            "version 1 seq i32 [2] { -2000000000, 16909060 }\n");
}

// Map keys and values of 4 or 8 bytes are fixed-width when more than half of the first 64 pairs' take as many varint
// bytes or more: each side on its own.
TEST(BinaryFormat, MapsOfLargeIntegersAreFixedWidth) {
  // large keys (i32), small values (sint): count 2, header 0xA1, then 4 bytes and a varint per pair
  EXPECT_EQ(encode(std::map<std::int32_t, std::int32_t>{{-2000000000, 1}, {0x01020304, -1}}),
            of({0x17, 0x02, 0xA1, 0x00, 0x6C, 0xCA, 0x88, 0x02, 0x04, 0x03, 0x02, 0x01, 0x01}));
  // small keys (uint), large values (u64)
  EXPECT_EQ(encode(std::map<std::uint32_t, std::uint64_t>{{3, ~0ull}}),
            of({0x17, 0x01, 0x0D, 0x03, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}));
  // both large; strings and narrow integers are never fixed-width
  EXPECT_EQ(encode(std::map<std::uint32_t, std::int64_t>{{1u << 21, std::int64_t{1} << 48}}),
            of({0x17, 0x01, 0xBC, 0x00, 0x00, 0x20, 0x00, 0, 0, 0, 0, 0, 0, 1, 0}));
  EXPECT_EQ(encode(std::map<std::string, std::uint32_t>{{"k", ~0u}}),
            of({0x17, 0x01, 0x4B, 0x01, 'k', 0xFF, 0xFF, 0xFF, 0xFF}));
  EXPECT_EQ(encode(std::map<std::int16_t, std::int8_t>{{-30000, -100}}), of({0x17, 0x01, 0x11, 0xDF, 0xD4, 0x03, 0xC7, 0x01}));
  // the sample: more than half of the first 64 pairs (and only those) decide
  auto header = [](const auto& m) {  // after the count's varint
    bytes b = encode(m);
    return std::to_integer<unsigned>(b[std::to_integer<unsigned>(b[1]) < 0x80 ? 2 : 3]);
  };
  std::map<std::int32_t, std::uint32_t> m;
  for (std::int32_t k = 0; k < 64; ++k) m[k] = k < 32 ? 1u << 21 : 1;  // 32 large of 64: not more than half
  EXPECT_EQ(header(m), 0x10u);
  m[0] = 1u << 21;
  m[40] = 1u << 21;  // 33 of 64
  EXPECT_EQ(header(m), 0x1Bu);
  for (std::int32_t k = 64; k < 200; ++k) m[k] = 1;  // pairs after the 64th change nothing
  EXPECT_EQ(header(m), 0x1Bu);
  // read into other widths, range-checked; a reader of another version takes either form
  auto large = encode(std::map<std::int32_t, std::int32_t>{{-2000000000, 7}, {2000000000, INT32_MIN}});
  EXPECT_EQ((decode<std::map<std::int64_t, std::int64_t>>(large).value()),
            (std::map<std::int64_t, std::int64_t>{{-2000000000, 7}, {2000000000, INT32_MIN}}));
  EXPECT_EQ((decode<std::unordered_map<std::int32_t, std::int32_t>>(large).value()),
            (std::unordered_map<std::int32_t, std::int32_t>{{-2000000000, 7}, {2000000000, INT32_MIN}}));
  auto narrow = decode<std::map<std::int32_t, std::int16_t>>(large);
  ASSERT_FALSE(narrow);
  EXPECT_EQ(narrow.error().code, prism::error_code::out_of_range);
  EXPECT_EQ(narrow.error().path, "$[1]");
  // an older model without the map skips it whole
  struct older {
    std::int32_t before = 0;
  };
  struct newer {
    std::int32_t before = 0;
    std::map<std::uint64_t, std::uint64_t> added;
    std::unordered_map<std::int64_t, std::string> added_too;
  };
  auto doc = encode(newer{-5, {{~0ull, ~0ull}, {1ull << 60, 5}}, {{INT64_MIN, "x"}}});
  EXPECT_EQ(decode<older>(doc).value().before, -5);
  EXPECT_EQ(decode<newer>(doc).value().added, (std::map<std::uint64_t, std::uint64_t>{{~0ull, ~0ull}, {1ull << 60, 5}}));
  for (std::size_t n = 0; n < doc.size(); ++n)  // cut short anywhere: an error, also when skipped
    EXPECT_FALSE(decode<older>(bytes(doc.begin(), doc.begin() + static_cast<std::ptrdiff_t>(n)))) << n;
  EXPECT_EQ(prism::bin::dump(encode(std::map<std::int32_t, std::int32_t>{{-2000000000, 16909060}})).value(),
            "version 1 map i32 -> i32 [1] { -2000000000: 16909060 }\n");
}

// A dense record whose integers of 4 and 8 bytes all take 4 (or 8) varint bytes or more is written with those fields
// fixed-width (never longer); one smaller value and the record is varints. Readers take either, range-checked.
TEST(BinaryFormat, RecordsOfLargeIntegersAreFixedWidth) {
  struct ids {
    std::uint32_t crc = 0;
    std::int64_t id = 0;
    std::int16_t small = 0;  // 2 bytes: always a varint
  };
  // nibbles u32 (11), i64 (12); sint (1), padding; then 4 and 8 bytes little-endian, and the varint
  const bytes fixed = of({0x15, 0x03, 0xCB, 0x01, 0x20, 0x83, 0xB8, 0xED, 0, 0, 0, 0, 0, 0, 0, 0xC0, 0x0A});
  EXPECT_EQ(encode(ids{0xEDB88320u, -(std::int64_t{1} << 62), 5}), fixed);
  const ids back = decode<ids>(fixed).value();
  EXPECT_EQ(back.crc, 0xEDB88320u);
  EXPECT_EQ(back.id, -(std::int64_t{1} << 62));
  EXPECT_EQ(back.small, 5);
  EXPECT_EQ(prism::bin::dump(fixed).value(),
            "version 1 record {\n  1: u32 3988292384\n  2: i64 -4611686018427387904\n  3: sint 5\n}\n");
  // the thresholds: 2^21 takes 4 varint bytes (fixed), 2^21 - 1 three (varints); 2^49 and 2^49 - 1 for 8 bytes
  auto header = [](const bytes& b) { return std::to_integer<unsigned>(b[2]); };
  EXPECT_EQ(header(encode(ids{1u << 21, std::int64_t{1} << 48, 0})), 0xCBu);  // zigzag(2^48) = 2^49
  EXPECT_EQ(header(encode(ids{(1u << 21) - 1, std::int64_t{1} << 48, 0})), 0x10u);
  EXPECT_EQ(header(encode(ids{1u << 21, (std::int64_t{1} << 48) - 1, 0})), 0x10u);
  EXPECT_EQ(header(encode(ids{1u << 21, -(std::int64_t{1} << 48), 0})), 0x10u);  // zigzag(-2^48) = 2^49 - 1
  for (const ids& v : {ids{1u << 21, std::int64_t{1} << 48, -3}, ids{7, 8, 9}, ids{~0u, INT64_MIN, INT16_MIN}}) {
    const ids r = decode<ids>(encode(v)).value();
    EXPECT_EQ(std::tie(r.crc, r.id, r.small), std::tie(v.crc, v.id, v.small));
  }
  // other versions of the model: narrower (range-checked), wider, fewer fields, more fields
  struct narrower {
    std::uint32_t crc = 0;
    std::int32_t id = 0;
  };
  auto out_of_range = decode<narrower>(fixed);
  ASSERT_FALSE(out_of_range);
  EXPECT_EQ(out_of_range.error().code, prism::error_code::out_of_range);
  EXPECT_EQ(out_of_range.error().path, "$.id");
  EXPECT_EQ(decode<narrower>(encode(ids{~0u, -(std::int64_t{1} << 30), 0})).value().id, -(1 << 30));
  struct signed_crc {
    std::int32_t crc = 0;
  };
  EXPECT_EQ(decode<signed_crc>(fixed).error().code, prism::error_code::out_of_range);  // 3988292384 > INT32_MAX
  struct wider {
    std::uint64_t crc = 0;
    std::int64_t id = 0;
    std::int64_t small = 0;
    std::uint64_t added = 99;
  };
  const wider w = decode<wider>(fixed).value();
  EXPECT_EQ(w.crc, 0xEDB88320u);
  EXPECT_EQ(w.id, -(std::int64_t{1} << 62));
  EXPECT_EQ(w.small, 5);
  EXPECT_EQ(w.added, 99u);  // not in the document: keeps its default
  // an empty optional beside fixed fields: the nibble says absent
  struct maybe {
    std::uint64_t hash = 0;
    std::optional<std::string> note;
  };
  const bytes absent = encode(maybe{~0ull, std::nullopt});
  EXPECT_EQ(absent, of({0x15, 0x02, 0xFD, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}));
  EXPECT_EQ(decode<maybe>(absent).value().hash, ~0ull);
  EXPECT_EQ(decode<maybe>(encode(maybe{~0ull, "n"})).value().note, "n");
}

// Arrays in the wire's layout are copied whole (large ones through an iterator, without zeroing the target first),
// into fresh and into reused vectors of any size.
TEST(BinaryFormat, LargeArraysCopyWhole) {
  std::vector<float> floats(5000);
  std::vector<std::int64_t> wide(700);
  for (std::size_t i = 0; i < floats.size(); ++i) floats[i] = static_cast<float>(i) * 0.25f - 7.0f;
  for (std::size_t i = 0; i < wide.size(); ++i) wide[i] = static_cast<std::int64_t>(i * 0x9E3779B97F4A7C15ull);
  EXPECT_EQ(decode<std::vector<float>>(encode(floats)).value(), floats);
  EXPECT_EQ(decode<std::vector<std::int64_t>>(encode(wide)).value(), wide);
  std::vector<float> reused(9000, 1.0f);  // longer than the document's: shrinks to it
  bytes doc = encode(floats);
  ASSERT_TRUE(prism::bin::read_into(std::span<const std::byte>(doc), reused));
  EXPECT_EQ(reused, floats);
  std::vector<std::int64_t> shorter(3, 5);
  doc = encode(wide);
  ASSERT_TRUE(prism::bin::read_into(std::span<const std::byte>(doc), shorter));
  EXPECT_EQ(shorter, wide);
}

// Arrays in the machine's layout are filled one of three ways, by alignment and size (one memmove from an aligned
// source; element by element when short, else resize and a copy, from a misaligned one): every boundary, read fresh
// and over longer and shorter vectors, from sources at every alignment; a deque, which has no contiguous storage,
// element by element.
template <class E>
void check_arrays_of_every_size() {
  for (std::size_t n : {0, 1, 2, 7, 8, 31, 32, 33, 63, 64, 65, 100, 511, 512, 513, 1023, 1024, 1025, 2000}) {
    std::vector<E> v(n);
    for (std::size_t i = 0; i < n; ++i) {
      if constexpr (std::is_integral_v<E>) v[i] = static_cast<E>((i + 1) * 0x9E3779B97F4A7C15ull);  // fixed width
      else v[i] = static_cast<E>(static_cast<double>(i) * 1.5 - 40.0);
    }
    const bytes doc = encode(v);
    for (std::size_t shift = 0; shift < sizeof(E); ++shift) {
      bytes shifted(shift);
      shifted.insert(shifted.end(), doc.begin(), doc.end());
      const auto at = std::span<const std::byte>(shifted).subspan(shift);
      auto fresh = prism::bin::read<std::vector<E>>(at);
      ASSERT_TRUE(fresh) << n;
      EXPECT_EQ(*fresh, v) << n << " elements, " << shift << " bytes in";
      std::vector<E> longer(3000, E{7}), shorter(n / 2, E{7});
      ASSERT_TRUE(prism::bin::read_into(at, longer));
      ASSERT_TRUE(prism::bin::read_into(at, shorter));
      EXPECT_EQ(longer, v) << n;
      EXPECT_EQ(shorter, v) << n;
      auto deque = prism::bin::read<std::deque<E>>(at);
      ASSERT_TRUE(deque) << n;
      EXPECT_TRUE(std::equal(deque->begin(), deque->end(), v.begin(), v.end())) << n;
    }
  }
}

TEST(BinaryFormat, ArraysOfEverySizeCopyExactly) {
  check_arrays_of_every_size<float>();
  check_arrays_of_every_size<double>();
  check_arrays_of_every_size<std::int32_t>();
  check_arrays_of_every_size<std::int64_t>();
}

TEST(BinaryFormat, VarintsAreShortestAndBounded) {
  EXPECT_EQ(encode(std::numeric_limits<std::uint64_t>::max()),
            of({0x10, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01}));
  EXPECT_EQ(decode<std::uint64_t>(of({0x10, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01})).value(),
            std::numeric_limits<std::uint64_t>::max());
  auto too_big = decode<std::uint64_t>(of({0x10, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x02}));
  ASSERT_FALSE(too_big);
  EXPECT_EQ(too_big.error().detail, "varint above 2^64 - 1");
  auto overlong = decode<std::uint64_t>(of({0x10, 0x81, 0x00}));
  ASSERT_FALSE(overlong);
  EXPECT_EQ(overlong.error().message(), "overlong varint (not its shortest encoding) at $ (byte 1)");
  auto cut = decode<std::uint64_t>(of({0x10, 0x81}));
  ASSERT_FALSE(cut);
  EXPECT_EQ(cut.error().code, prism::error_code::unexpected_end);
  // every length, with 0 to 9 bytes after it (varints are read 8 bytes at a time, zero-padded near the end): read
  // exactly; cut short by a byte, unexpected_end; with a zero byte appended as its last, overlong
  for (unsigned bits = 0; bits < 64; bits += 3) {
    std::uint64_t v = (std::uint64_t{1} << bits) | 1;
    bytes doc = encode(v);
    std::size_t length = doc.size() - 1;
    for (std::size_t after = 0; after < 10; ++after) {
      bytes in = encode(std::tuple<std::uint64_t, std::vector<std::uint8_t>>{v, std::vector<std::uint8_t>(after, 7)});
      auto back = decode<std::tuple<std::uint64_t, std::vector<std::uint8_t>>>(in);
      ASSERT_TRUE(back) << bits << " bits, " << after << " after: " << back.error().message();
      EXPECT_EQ(std::get<0>(*back), v);
    }
    EXPECT_EQ(decode<std::uint64_t>(doc).value(), v) << bits;
    bytes cut_short(doc.begin(), doc.end() - 1);
    EXPECT_EQ(decode<std::uint64_t>(cut_short).error().code, prism::error_code::unexpected_end) << bits;
    if (length < 10) {
      bytes longer = doc;
      longer.back() |= std::byte{0x80};
      longer.push_back(std::byte{0});
      EXPECT_EQ(decode<std::uint64_t>(longer).error().code, prism::error_code::invalid_value) << bits;
    }
  }
}

// Targets of 32 bits or fewer read varints of at most 5 bytes on a path of their own: every length, signed and
// unsigned, into every width, with 0 to 9 bytes after it, is read exactly or refused as out of range; an overlong
// one is refused as overlong.
template <class I>
void every_varint_length_into() {
  for (unsigned bits = 0; bits < 64; ++bits) {
    for (bool negative : {false, true}) {
      // bits significant bits: s as a zigzag varint, u as a plain one
      std::int64_t s = static_cast<std::int64_t>(std::uint64_t{1} << bits >> 1 | (bits != 0 ? 1 : 0));
      if (negative) s = -s;
      std::uint64_t u = (std::uint64_t{1} << bits) - 1;
      for (std::size_t after = 0; after < 10; ++after) {
        std::vector<std::uint8_t> tail(after, 7);
        auto check = [&](const bytes& in, bool fits, auto expected) {
          auto back = decode<std::tuple<I, std::vector<std::uint8_t>>>(in);
          if (fits) {
            ASSERT_TRUE(back) << bits << " bits, " << after << " after: " << back.error().message();
            EXPECT_EQ(std::get<0>(*back), static_cast<I>(expected)) << bits << " bits, " << after << " after";
            EXPECT_EQ(std::get<1>(*back), tail);
          } else {
            ASSERT_FALSE(back) << bits << " bits, " << after << " after";
            EXPECT_EQ(back.error().code, prism::error_code::out_of_range) << bits << " bits, " << after << " after";
          }
        };
        check(encode(std::tuple{s, tail}), std::in_range<I>(s), s);
        check(encode(std::tuple{u, tail}), std::in_range<I>(u), u);
      }
    }
  }
  // overlong at every length (a last byte of 0), with 0 to 9 bytes after it, so that every fast path sees one
  for (std::size_t length = 2; length <= 10; ++length) {
    for (std::size_t after = 0; after < 10; ++after) {
      bytes doc = of({0x11});
      for (std::size_t i = 0; i + 1 < length; ++i) doc.push_back(std::byte{0x81});
      doc.push_back(std::byte{0});
      doc.insert(doc.end(), after, std::byte{7});
      EXPECT_EQ(decode<I>(doc).error().message(), "overlong varint (not its shortest encoding) at $ (byte 1)")
          << length << " bytes, " << after << " after";
    }
  }
}

TEST(BinaryFormat, VarintsOfEveryLengthIntoEveryWidth) {
  every_varint_length_into<std::int8_t>();
  every_varint_length_into<std::uint8_t>();
  every_varint_length_into<std::int16_t>();
  every_varint_length_into<std::uint16_t>();
  every_varint_length_into<std::int32_t>();
  every_varint_length_into<std::uint32_t>();
  every_varint_length_into<std::int64_t>();
  every_varint_length_into<std::uint64_t>();
  // into a 32-bit target: cut short at the end of the input
  for (std::size_t length = 2; length <= 5; ++length) {
    bytes doc = of({0x11});
    for (std::size_t i = 0; i + 1 < length; ++i) doc.push_back(std::byte{0x81});
    EXPECT_EQ(decode<std::int32_t>(doc).error().code, prism::error_code::unexpected_end) << length;
  }
}

// Records of small integers alone take a decoder of their own where each varint of a record is one or two bytes and
// 33 bytes are left: every mix of lengths, the largest one- and two-byte values and the smallest three-byte ones,
// records with longer varints, and records near the end of the input (read field by field) all come back exact.
template <class T>
void short_varint_records() {
  std::mt19937 rng(5);
  const auto value = [&rng]<class I>(I, bool large) {
    // zigzag (signed) or plain (unsigned) values at the edges of one, two and three bytes
    const std::int64_t edges[] = {0, 1, 63, 64, 127, 128, 8191, 8192, 16383, 16384};
    std::int64_t v = edges[rng() % (large ? 10 : std::is_signed_v<I> ? 7 : 9)];
    if (std::is_signed_v<I> && rng() % 2) v = -v - (rng() % 2);
    if (large && rng() % 4 == 0) v = static_cast<std::int64_t>(std::numeric_limits<I>::max());
    return static_cast<I>(v);
  };
  for (std::size_t n : {1u, 2u, 3u, 8u, 40u}) {
    for (int round = 0; round < 40; ++round) {
      std::vector<T> in(n);
      for (auto& r : in)
        prism::detail::visit_members(r, [&](auto&... m) { ((m = value(m, round >= 20 && rng() % 8 == 0)), ...); });
      auto back = decode<std::vector<T>>(encode(in));
      ASSERT_TRUE(back) << back.error().message();
      EXPECT_EQ(*back, in) << n << " records, round " << round;
    }
  }
}

TEST(BinaryFormat, RecordsOfShortVarints) {
  short_varint_records<narrow::ten>();
  short_varint_records<narrow::fifteen>();
  short_varint_records<narrow::three>();
  short_varint_records<narrow::one>();
  short_varint_records<narrow::mixed>();
  short_varint_records<narrow::nine>();
  short_varint_records<narrow::thirteen>();
  short_varint_records<narrow::single32>();
  // An overlong two-byte varint (a second byte of 0) in a record with many bytes after it is refused, and named.
  bytes doc = encode(std::vector<narrow::ten>(5));  // every field 0: one byte each
  const std::size_t field_c = doc.size() - 4 * 16 + 6 + 2;  // record 1: 6 bytes of header, then a, b, c
  ASSERT_EQ(doc[field_c], std::byte{0});
  doc[field_c] = std::byte{0x80};
  doc.insert(doc.begin() + static_cast<std::ptrdiff_t>(field_c) + 1, std::byte{0});
  auto back = decode<std::vector<narrow::ten>>(doc);
  ASSERT_FALSE(back);
  EXPECT_EQ(back.error().message(), "overlong varint (not its shortest encoding) at $[1].c (byte " +
                                        std::to_string(field_c) + ")");
}

// Records of 4-byte integers alone take a writer of their own where each varint is one or two bytes: it writes what
// the loop over fields would, each field's shortest varint, for every mix of lengths (the edges of one, two and three
// bytes) and for records with longer varints, which go back to the loop.
template <class T>
void packed_records_write_shortest_varints() {
  constexpr std::size_t n = prism::field_count_of<T>;
  const bytes zero = encode(T{});  // the header, then a byte of 0 a field
  ASSERT_GT(zero.size(), n);
  const bytes header(zero.begin(), zero.end() - static_cast<std::ptrdiff_t>(n));
  ASSERT_EQ(bytes(zero.end() - static_cast<std::ptrdiff_t>(n), zero.end()), bytes(n, std::byte{0}));
  std::mt19937 rng(11);
  for (int round = 0; round < 400; ++round) {
    const bool large = round >= 200;  // some fields of three bytes or more
    T r{};
    bytes expected = header;
    prism::detail::visit_members(r, [&](auto&... m) {
      const auto one = [&](auto& field) {
        using I = std::remove_reference_t<decltype(field)>;
        const std::int64_t edges[] = {0, 1, 63, 64, 127, 128, 8191, 8192, 16383, 16384, 1 << 21, 1 << 28};
        std::int64_t v = edges[rng() % (large && rng() % 4 == 0 ? 12 : 9)];
        if (std::is_signed_v<I> && rng() % 2) v = -v - static_cast<std::int64_t>(rng() % 2);
        if (large && rng() % 16 == 0) v = rng() % 2 ? std::numeric_limits<I>::max() : std::numeric_limits<I>::min();
        field = static_cast<I>(v);
        std::uint64_t u = std::is_signed_v<I> ? prism::bin::zigzag(field) : static_cast<std::uint64_t>(field);
        for (; u >= 0x80; u >>= 7) expected.push_back(static_cast<std::byte>(u | 0x80));
        expected.push_back(static_cast<std::byte>(u));
      };
      (one(m), ...);
    });
    // where every field takes 4 bytes or more the record is fixed-width (the second layout), not varints
    if (!(prism::bin::has_fixed_layout<T>() && prism::bin::detail::prefer_fixed_fields(r))) {
      EXPECT_EQ(encode(r), expected) << "round " << round;
    }
    auto back = decode<T>(encode(r));
    ASSERT_TRUE(back) << back.error().message();
    EXPECT_EQ(*back, r) << "round " << round;
  }
}

TEST(BinaryFormat, PackedRecordsWriteShortestVarints) {
  packed_records_write_shortest_varints<narrow::ten>();
  packed_records_write_shortest_varints<narrow::nine>();
  packed_records_write_shortest_varints<narrow::thirteen>();
  packed_records_write_shortest_varints<narrow::pair32>();
  packed_records_write_shortest_varints<narrow::triple32>();
  packed_records_write_shortest_varints<narrow::single32>();
  packed_records_write_shortest_varints<narrow::fifteen>();  // 2-byte fields: the loop
}

TEST(BinaryFormat, DocumentsCarryTheirVersion) {
  auto v2 = decode<int>(of({0x21, 0x05}));
  ASSERT_FALSE(v2);
  EXPECT_EQ(v2.error().code, prism::error_code::unsupported_version);
  EXPECT_EQ(v2.error().detail, "format version 2, this reader knows 1");
  EXPECT_EQ(decode<int>(of({})).error().code, prism::error_code::unexpected_end);
  EXPECT_EQ(decode<int>(of({0x11, 0x05, 0x00})).error().code, prism::error_code::trailing_content);
  EXPECT_EQ(decode<int>(of({0x1E})).error().code, prism::error_code::invalid_value);  // wire type 14: reserved
}

// A writer that knows the most bytes a document takes (max_size_of, or size_bound for a sized sequence or a string)
// has a growable sink lend the container's own storage for all of them: the bound must hold at every extreme, in
// both forms of a record (dense and keyed) and in both layouts of its integers (varint and fixed).
TEST(BinaryFormat, SizeBoundsHoldAtTheExtremes) {
  static_assert(prism::bin::max_size_of<std::int32_t>() == 5 && prism::bin::max_size_of<double>() == 8);
  static_assert(prism::bin::max_size_of<std::string>() == 0 && prism::bin::max_size_of<std::vector<int>>() == 0);
  static_assert(prism::bin::max_size_of<std::unique_ptr<int>>() == 0);  // pointers may chain
  static_assert(prism::bin::max_size_of<golden::pointers>() == 0);
  auto check = [](const auto& v, const char* what) {
    const std::size_t bound = prism::bin::detail::size_bound(v);
    ASSERT_NE(bound, 0u) << what;
    const bytes b = encode(v);
    EXPECT_LE(b.size(), 1 + bound) << what;  // 1: the document's format byte
    // written into a reused container, whose storage is lent, and into a fresh one: the same bytes
    bytes reused(3, std::byte{9});
    ASSERT_TRUE(prism::bin::write(v, reused));
    EXPECT_TRUE(std::equal(b.begin(), b.end(), reused.begin() + 3, reused.end())) << what;
  };
  constexpr auto min32 = std::numeric_limits<std::int32_t>::min();
  check(narrow::ten{min32, min32, min32, min32, min32, min32, min32, min32, min32, min32}, "ten");
  check(narrow::nine{~0u, ~0u, ~0u, ~0u, ~0u, ~0u, ~0u, ~0u, ~0u}, "nine, fixed layout");
  check(narrow::three{std::numeric_limits<std::int64_t>::min(), -1, min32}, "three");
  check(checked::badge{min32, min32}, "keyed");
  check(checked::badge{min32, std::nullopt}, "keyed, an optional absent");
  check(bounded::extremes{}, "extremes");
  check(std::optional<bounded::extremes>(bounded::extremes{}), "optional");
  check(std::array<bounded::extremes, 2>{}, "array");
  check(std::vector<bounded::extremes>(3), "vector");
  check(std::vector<narrow::ten>(2, narrow::ten{min32, 0, min32, 0, min32, 0, min32, 0, min32, 0}), "vector of records");
  check(std::vector<std::uint64_t>(20, std::numeric_limits<std::uint64_t>::max()), "fixed-width sequence");
  check(std::vector<float>(100, 1.5f), "floats");
  check(std::string(600, 'x'), "string");
}

// ---- round trips over every supported type ------------------------------------------------------------------

template <class T>
class RoundTrip : public ::testing::Test {};

enum class level : std::int8_t { low = -1, high = 1 };
enum shade { light, dark };

using round_trip_types =
    ::testing::Types<bool, char, std::int8_t, std::uint8_t, std::int16_t, std::uint16_t, std::int32_t, std::uint32_t,
                     std::int64_t, std::uint64_t, float, double, std::string, std::vector<std::byte>,
                     std::array<std::byte, 2>, level, shade, std::chrono::nanoseconds, std::chrono::duration<float>,
                     std::chrono::system_clock::time_point, std::optional<std::string>, std::vector<std::int64_t>,
                     std::deque<std::string>, std::list<double>, std::forward_list<int>, std::set<std::string>,
                     std::multiset<int>, std::unordered_set<int>, std::array<std::int16_t, 3>, std::map<int, std::string>,
                     std::unordered_map<std::string, double>, std::multimap<std::string, int>, std::pair<int, std::string>,
                     std::tuple<bool, float, std::string>, std::variant<std::monostate, int, std::string>,
                     std::vector<std::optional<int>>, std::vector<bool>, std::vector<std::vector<float>>,
                     std::deque<float>, std::stack<std::int64_t>, std::queue<std::string>, std::priority_queue<int>,
                     prism::short_string<8>, golden::scalars, golden::containers, golden::account, golden::drawing>;
TYPED_TEST_SUITE(RoundTrip, round_trip_types);

/// Values to round-trip: the default, and one or two with something in them.
template <class T>
std::vector<T> samples() {
  std::vector<T> s(1);
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool> && !std::is_same_v<T, char>) {
    s.push_back(std::numeric_limits<T>::min());
    s.push_back(std::numeric_limits<T>::max());
  } else if constexpr (std::is_same_v<T, bool>) {
    s.push_back(true);
  } else if constexpr (std::is_same_v<T, char>) {
    s.push_back('\xff');
  } else if constexpr (std::is_floating_point_v<T>) {
    s.push_back(std::numeric_limits<T>::denorm_min());
    s.push_back(-std::numeric_limits<T>::infinity());
  } else if constexpr (std::is_same_v<T, std::string>) {
    s.push_back(std::string("with\0nul", 8));
  } else if constexpr (std::is_same_v<T, level>) {
    s.push_back(level::low);
  } else if constexpr (std::is_same_v<T, golden::scalars>) {
    s.push_back(golden::make_scalars());
  } else if constexpr (std::is_same_v<T, golden::containers>) {
    s.push_back(golden::make_containers());
  } else if constexpr (std::is_same_v<T, golden::account>) {
    s.push_back(golden::make_account());
  } else if constexpr (std::is_same_v<T, golden::drawing>) {
    s.push_back(golden::make_drawing());
  } else if constexpr (std::is_same_v<T, std::chrono::system_clock::time_point>) {
    s.push_back(T(std::chrono::system_clock::duration(-123456789)));
  } else if constexpr (std::is_same_v<T, std::variant<std::monostate, int, std::string>>) {
    s.push_back(std::string("alt"));
    s.push_back(-5);
  } else if constexpr (std::is_same_v<T, std::vector<std::optional<int>>>) {
    s.push_back({1, std::nullopt, -1});
  } else if constexpr (requires { typename T::container_type; }) {  // adaptors: each element sample pushed
    T t;
    for (const auto& e : samples<typename T::value_type>()) t.push(e);
    s.push_back(t);
  } else if constexpr (requires { T{}.insert(T{}.end(), typename T::value_type{}); }) {
    T t;
    t.insert(t.end(), typename T::value_type{});
    s.push_back(t);
  }
  return s;
}

TYPED_TEST(RoundTrip, WritesReadsAndWritesTheSameBytes) {
  using T = TypeParam;
  for (const T& value : samples<T>()) {
    bytes first = encode(value);
    if (const std::size_t bound = prism::bin::detail::size_bound(value); bound != 0) {
      EXPECT_LE(first.size(), 1 + bound);
    }
    auto back = decode<T>(first);
    ASSERT_TRUE(back) << back.error().message();
    EXPECT_EQ(encode(*back), first);
    if constexpr (requires { value == value; } && !std::is_floating_point_v<T>) {
      EXPECT_TRUE(*back == value);
    }
    // through a fixed 64-byte sink, in pieces: the same bytes
    char buffer[64];
    bytes streamed;
    prism::io::fixed_sink sink(buffer, [&](std::string_view chunk) {
      for (char ch : chunk) streamed.push_back(static_cast<std::byte>(ch));
      return true;
    });
    ASSERT_TRUE(prism::bin::write(value, sink));
    EXPECT_EQ(streamed, first);
  }
}

std::string data_file(const std::string& name) {
  std::ifstream in(std::string(PRISM_DATA_DIR) + "/json/" + name, std::ios::binary);
  EXPECT_TRUE(in) << "missing " << PRISM_DATA_DIR << "/json/" << name;
  return std::string((std::istreambuf_iterator<char>(in)), {});
}

// The real data: read with the JSON reader into the typed models, then through the binary format and back; the
// JSON written before and after must be the same.
TEST(BinaryRoundTrip, RealData) {
  auto tw = prism::json::read<twitter::search_response>(data_file("twitter.json")).value();
  auto tw_back = decode<twitter::search_response>(encode(tw));
  ASSERT_TRUE(tw_back) << tw_back.error().message();
  EXPECT_EQ(prism::json::to_string(*tw_back).value(), prism::json::to_string(tw).value());
  auto ca = prism::json::read<canada::feature_collection>(data_file("canada.json")).value();
  bytes ca_bytes = encode(ca);
  auto ca_back = decode<canada::feature_collection>(ca_bytes);
  ASSERT_TRUE(ca_back) << ca_back.error().message();
  EXPECT_EQ(prism::json::to_string(*ca_back).value(), prism::json::to_string(ca).value());
  EXPECT_LT(ca_bytes.size(), 2'251'051u / 2);  // doubles as 9 bytes (1 header-free f64 in a packed seq), not text
}

TEST(BinaryRoundTrip, FromStreams) {
  bytes b = encode(golden::make_containers());
  std::string text(reinterpret_cast<const char*>(b.data()), b.size());
  std::istringstream in(text);
  auto back = prism::bin::read<golden::containers>(in);
  ASSERT_TRUE(back) << back.error().message();
  EXPECT_EQ(encode(*back), b);
  std::FILE* f = std::tmpfile();
  ASSERT_NE(f, nullptr);
  ASSERT_TRUE(prism::bin::write(golden::make_containers(), f));
  std::rewind(f);
  auto from_file = prism::bin::read<golden::containers>(f);
  std::fclose(f);
  ASSERT_TRUE(from_file) << from_file.error().message();
  EXPECT_EQ(encode(*from_file), b);
}

// ---- shared and weak pointers ---------------------------------------------------------------------------

TEST(BinaryPointers, SharedObjectsAreStoredOnceAndComeBackShared) {
  golden::pointers p = golden::make_pointers();
  bytes b = encode(p);
  auto back = decode<golden::pointers>(b);
  ASSERT_TRUE(back) << back.error().message();
  EXPECT_EQ(back->shared_a, back->shared_b);
  EXPECT_EQ(*back->shared_a, "shared");
  ASSERT_EQ(back->tree->children.size(), 3u);
  EXPECT_EQ(back->tree->children[0], back->tree->children[2]);
  EXPECT_EQ(back->tree->children[1]->parent.lock(), back->tree);  // the cycle, closed through weak_ptr
  EXPECT_EQ(back->tree->children[1]->value, 3);
  EXPECT_EQ(*back->present, 42);
  EXPECT_FALSE(back->absent);
  EXPECT_EQ(back->owned->y, 8);
  EXPECT_EQ(back->none, nullptr);
  EXPECT_EQ(std::get<golden::point>(back->pick).x, 0.5);
  EXPECT_EQ(back->nothing.index(), 0u);
  EXPECT_EQ(std::get<1>(back->triple), "nine");
  EXPECT_EQ(back->maybe_words[1], std::nullopt);
}


// Thousands of shared objects, each referred to twice, far apart: the writer's table of them grows several times
// while the earlier numbers must still be found.
TEST(BinaryPointers, ManySharedObjectsKeepTheirIdentity) {
  constexpr std::size_t n = 5000;
  std::vector<std::shared_ptr<int>> objects(2 * n);
  for (std::size_t i = 0; i < n; ++i) {
    objects[i] = std::make_shared<int>(static_cast<int>(i));
    objects[2 * n - 1 - i] = objects[i];
  }
  auto back = decode<std::vector<std::shared_ptr<int>>>(encode(objects));
  ASSERT_TRUE(back) << back.error().message();
  ASSERT_EQ(back->size(), 2 * n);
  for (std::size_t i = 0; i < n; ++i) {
    ASSERT_EQ(*(*back)[i], static_cast<int>(i));
    ASSERT_EQ((*back)[i], (*back)[2 * n - 1 - i]) << i;
    ASSERT_EQ((*back)[i].use_count(), 2) << i;  // held by its two places, no third copy
  }
  // each object written once: the second half is back-references, a few bytes each
  std::vector<std::shared_ptr<int>> distinct(objects.begin(), objects.begin() + n);
  EXPECT_LT(encode(objects).size() - encode(distinct).size(), 3 * n + 8);
}
// A weak_ptr met before any shared_ptr to its object carries the object: it is read there, kept alive until the
// document ends (for the shared_ptr that refers back to it), and expires after that when nothing else owns it.
TEST(BinaryPointers, AnObjectFirstSeenThroughAWeakPointer) {
  struct holder {
    std::weak_ptr<std::string> w;
    std::shared_ptr<std::string> s;
  };
  auto object = std::make_shared<std::string>("held by both");
  auto both = decode<holder>(encode(holder{object, object}));
  ASSERT_TRUE(both) << both.error().message();
  ASSERT_NE(both->s, nullptr);
  EXPECT_EQ(*both->s, "held by both");
  EXPECT_EQ(both->w.lock(), both->s);
  EXPECT_EQ(both->s.use_count(), 1);  // the reader's table let go of it
  // only the weak_ptr: read whole, then gone with the document
  auto alone = decode<holder>(encode(holder{object, nullptr}));
  ASSERT_TRUE(alone) << alone.error().message();
  EXPECT_EQ(alone->s, nullptr);
  EXPECT_TRUE(alone->w.expired());
}

TEST(BinaryPointers, ExpiredWeakPointersAreNullAndSharingChecksTypes) {
  struct holder {
    std::weak_ptr<int> w;
    std::shared_ptr<int> s;
  };
  holder h;
  {
    auto gone = std::make_shared<int>(1);
    h.w = gone;
  }
  EXPECT_EQ(encode(h), of({0x15, 0x00}));  // the expired weak_ptr and the null shared_ptr are absent
  // a shared object read into unique_ptrs: the first reads (a shared_ptr field may become a unique_ptr), the
  // second reference to it cannot be honoured
  auto into_unique = decode<std::vector<std::unique_ptr<int>>>(of({0x16, 0x28, 0x24, 0x02, 0x01}));
  ASSERT_FALSE(into_unique);
  EXPECT_EQ(into_unique.error().code, prism::error_code::invalid_value);
  EXPECT_EQ(into_unique.error().path, "$[1]");
  EXPECT_EQ(*decode<std::vector<std::unique_ptr<int>>>(of({0x16, 0x18, 0x24, 0x02})).value()[0], 1);
  // a reference to an object of another type
  auto other_type = decode<std::tuple<std::shared_ptr<int>, std::shared_ptr<std::int64_t>>>(
      of({0x15, 0x18, 0x24, 0x02, 0x18, 0x01, 0x00}));
  ASSERT_FALSE(other_type);
  EXPECT_EQ(other_type.error().code, prism::error_code::type_mismatch);
  EXPECT_EQ(other_type.error().path, "$[1]");
  // a cycle of shared_ptrs: writable, but it would own itself when read
  struct loop {
    std::shared_ptr<loop> next;
  };
  auto a = std::make_shared<loop>();
  a->next = a;
  bytes cyclic = encode(a);
  a->next.reset();
  EXPECT_EQ(cyclic, of({0x18, 0x2C, 0x01, 0x08, 0x01}));  // a dense record of one ref: a back-reference
  auto closed = decode<std::shared_ptr<loop>>(cyclic);
  ASSERT_FALSE(closed);
  EXPECT_EQ(closed.error().path, "$.next");
  EXPECT_EQ(closed.error().detail, "a shared_ptr cycle: an object refers to one that contains it (close cycles with weak_ptr)");
  auto unseen = decode<std::shared_ptr<int>>(of({0x18, 0x03}));
  ASSERT_FALSE(unseen);
  EXPECT_EQ(unseen.error().detail, "reference to a shared object not yet seen");
}

TEST(BinaryPointers, PolymorphicPointersComeBackAsTheirDynamicTypes) {
  bytes b = encode(golden::make_drawing());
  auto back = decode<golden::drawing>(b);
  ASSERT_TRUE(back) << back.error().message();
  ASSERT_EQ(back->owned.size(), 3u);
  EXPECT_EQ(back->owned[0]->area(), 12);  // a circle of radius 2
  EXPECT_EQ(back->owned[1]->area(), 9);   // a square of side 3
  EXPECT_EQ(dynamic_cast<golden::circle*>(back->owned[2].get())->label, "c2");
  EXPECT_EQ(back->shared[0], back->shared[1]);
  EXPECT_EQ(back->shared[0]->area(), 2.25);
  const golden::shape& plain = *back->plain;
  EXPECT_EQ(typeid(plain), typeid(golden::shape));
  EXPECT_EQ(back->plain->label, "base");
  // names are stored once per document, then referred to by number
  std::string text(reinterpret_cast<const char*>(b.data()), b.size());
  EXPECT_EQ(text.find("circle"), text.rfind("circle"));
  // an unregistered dynamic type cannot be written, a name the reader does not know cannot be read
  struct triangle : golden::shape {};
  golden::drawing odd;
  odd.plain = std::make_unique<triangle>();
  EXPECT_EQ(prism::bin::to_bytes(odd).error().code, prism::error_code::unknown_type);
  EXPECT_EQ(prism::bin::to_bytes(odd).error().path, "$.plain");
  std::string renamed = text;
  renamed.replace(renamed.find("square"), 6, "sqaure");
  auto unknown = prism::bin::read<golden::drawing>(std::string_view(renamed));
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().code, prism::error_code::unknown_type);
  EXPECT_EQ(unknown.error().detail, "unknown type name \"sqaure\" for shape");
  EXPECT_EQ(unknown.error().path, "$.owned[1]");
}

// A type name is looked up once per document and base; a name two bases share resolves for each on its own.
TEST(BinaryPointers, OneSubtypeNameUnderTwoBases) {
  std::vector<std::pair<std::unique_ptr<homonyms::animal>, std::unique_ptr<homonyms::vehicle>>> v;
  for (int i = 0; i < 3; ++i) {
    auto c = std::make_unique<homonyms::cat>();
    c->legs = 4;
    c->name = "cat" + std::to_string(i);
    auto r = std::make_unique<homonyms::car>();
    r->wheels = i;
    r->speed = 1.5 * i;
    v.emplace_back(std::move(c), std::move(r));
  }
  bytes b = encode(v);
  std::string text(reinterpret_cast<const char*>(b.data()), b.size());
  EXPECT_EQ(text.find("kind"), text.rfind("kind"));  // one name in the document
  auto back = decode<decltype(v)>(b);
  ASSERT_TRUE(back) << back.error().message();
  ASSERT_EQ(back->size(), 3u);
  for (int i = 0; i < 3; ++i) {
    auto* c = dynamic_cast<homonyms::cat*>((*back)[i].first.get());
    auto* r = dynamic_cast<homonyms::car*>((*back)[i].second.get());
    ASSERT_TRUE(c && r);
    EXPECT_EQ(c->name, "cat" + std::to_string(i));
    EXPECT_EQ(r->wheels, i);
    EXPECT_EQ(r->speed, 1.5 * i);
  }
}

// ---- compatibility: two versions of the same models ------------------------------------------------------

v1::order old_order() {
  v1::order o;
  o.items = {{1, "one", 10, 0.5f}, {2, "two", 20, 1.5f}};
  o.main = std::make_unique<v1::item>(v1::item{3, "main", 30, 2.5f});
  o.extra = v1::item{4, "extra", 40, 3.5f};
  o.note = {5, "note"};
  return o;
}

TEST(BinaryCompatibility, NewReaderReadsOldDocuments) {
  auto n = decode<v2::order>(encode(old_order()));
  ASSERT_TRUE(n) << n.error().message();
  ASSERT_EQ(n->items.size(), 2u);
  EXPECT_EQ(n->items[1].id, 2);
  EXPECT_EQ(n->items[1].name, "two");
  EXPECT_EQ(n->items[1].count, 20);        // T became optional<T>
  EXPECT_EQ(n->items[1].weight, 1.5);      // float became double
  EXPECT_EQ(n->items[1].sku, "none");      // added: the default
  EXPECT_EQ(n->main->name, "main");        // unique_ptr became shared_ptr
  EXPECT_EQ(n->extra->count, 40);
  EXPECT_EQ(std::get<1>(n->note), "note");  // pair became a longer tuple
  EXPECT_FALSE(std::get<2>(n->note));
  EXPECT_EQ(n->flags, 7u);                 // added: the default
}

TEST(BinaryCompatibility, OldReaderReadsNewDocuments) {
  v2::order n;
  n.items = {{1, "one", std::nullopt, 0.25, "A-1"}};
  n.main = std::make_shared<v2::item>(v2::item{2, "main", 5, 1.0, "B-2"});
  n.note = {9, "nine", true};
  n.flags = 3;
  auto o = decode<v1::order>(encode(n));
  ASSERT_TRUE(o) << o.error().message();
  EXPECT_EQ(o->items[0].id, 1);
  EXPECT_EQ(o->items[0].count, 0);  // absent (a null optional): the default
  EXPECT_EQ(o->items[0].weight, 0.25f);
  EXPECT_EQ(o->main->name, "main");  // shared_ptr read into a unique_ptr: it was not shared
  EXPECT_EQ(o->note.second, "nine");  // the tuple's third element skipped
}

TEST(BinaryCompatibility, RemovedRenamedAndNarrowedFields) {
  auto r = decode<v3::order>(encode(old_order()));
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_EQ(r->items.back().identifier, 2);  // renamed: ids, not names
  EXPECT_EQ(r->items.back().quantity, 20);
  EXPECT_EQ(r->items.back().mass, 1.5f);
  EXPECT_EQ(r->items.back().sku, "unset");
  EXPECT_EQ(r->main->identifier, 3);
  // and back: the old reader gets the removed name as its default
  v3::order o3;
  o3.items.push_back({7, 70, 7.5f, "S"});
  auto o1 = decode<v1::order>(encode(o3));
  ASSERT_TRUE(o1);
  EXPECT_EQ(o1->items[0].id, 7);
  EXPECT_EQ(o1->items[0].name, "");
  EXPECT_EQ(o1->items[0].count, 70);
  // narrowed: a value that does not fit is an error naming the field
  v2::order big;
  big.items = {{1, "a", std::nullopt, 0, "s"}, {100000, "b", std::nullopt, 0, "s"}};
  auto narrowed = decode<v3::order>(encode(big));
  ASSERT_FALSE(narrowed);
  EXPECT_EQ(narrowed.error().code, prism::error_code::out_of_range);
  EXPECT_EQ(narrowed.error().path, "$.items[1].identifier");
  EXPECT_EQ(narrowed.error().detail, "100000 out of range for its target");
}

// Records and scalar sequences in the layout their model writes are read on a fast path (keys and wire types known
// at compile time); at the first difference the general reader takes over where it stopped. Both must agree.
TEST(BinaryCompatibility, FastPathHandsOverToTheGeneralReader) {
  struct gappy {
    std::int32_t a = 0;
    std::optional<std::int32_t> b;
    std::int64_t c = 0;
    double d = 0;
    bool operator==(const gappy&) const = default;
  };
  for (const gappy& g : {gappy{1, std::nullopt, -3, 0.5}, gappy{1, 2, -3, 0.5}, gappy{}}) {
    auto back = decode<gappy>(encode(g));
    ASSERT_TRUE(back) << back.error().message();
    EXPECT_EQ(*back, g);
  }
  // a field this model does not know after the ones it does (written by a newer model): skipped by the general loop
  struct ab {
    std::int32_t a = 0, b = 0;
  };
  auto swapped = decode<ab>(encode(std::tuple<std::int32_t, std::int32_t, std::string>{5, 6, "newer"}));
  ASSERT_TRUE(swapped);
  EXPECT_EQ(swapped->a, 5);
  EXPECT_EQ(swapped->b, 6);
  // an error on the fast path names its field or element as the general reader does
  struct wide {
    std::int32_t a = 0, b = 0;
  };
  struct narrow {
    std::int32_t a = 0;
    std::int8_t b = 0;
  };
  auto field = decode<narrow>(encode(wide{1, 300}));
  ASSERT_FALSE(field);
  EXPECT_EQ(field.error().code, prism::error_code::out_of_range);
  EXPECT_EQ(field.error().path, "$.b");
  auto element = decode<std::vector<std::int8_t>>(encode(std::vector<std::int16_t>{1, 2, 300}));
  ASSERT_FALSE(element);
  EXPECT_EQ(element.error().path, "$[2]");
  // truncated inside a record on the fast path: an error, not a read past the end
  bytes cut = encode(wide{1, 300});
  cut.resize(cut.size() - 2);
  EXPECT_EQ(decode<wide>(cut).error().code, prism::error_code::unexpected_end);
}

// A record with empty fields is read on the fast path too (dense: nibbles that say absent; keyed: the end byte
// where a key was due), unless a required field is the one missing.
TEST(BinaryCompatibility, RecordsWithAbsentFields) {
  bytes seated = encode(checked::ticket{7, 12, std::nullopt});
  EXPECT_EQ(seated, of({0x15, 0x03, 0x11, 0x0F, 0x0E, 0x18}));  // sint, sint; note absent (15), padding 0
  checked::ticket t{1, 2, "kept"};
  ASSERT_TRUE(prism::bin::read_into(std::span<const std::byte>(seated), t));
  EXPECT_EQ(t.id, 7);
  EXPECT_EQ(t.seat, 12);
  EXPECT_EQ(t.note, "kept");  // absent: the target keeps what it holds
  auto unseated = decode<checked::ticket>(encode(checked::ticket{7, std::nullopt, "aisle"}));
  ASSERT_FALSE(unseated);
  EXPECT_EQ(unseated.error().code, prism::error_code::missing_field);
  EXPECT_NE(unseated.error().detail.find("\"seat\""), std::string::npos) << unseated.error().detail;
  bytes leveled = encode(checked::badge{3, 2});
  EXPECT_EQ(leveled, of({0x15, 0x11, 0x06, 0x81, 0x01, 0x04, 0x00}));  // keys: id 1 (sint), id 9 (sint), end
  EXPECT_EQ(decode<checked::badge>(leveled)->level, 2);
  bytes unleveled = encode(checked::badge{3, std::nullopt});
  EXPECT_EQ(unleveled, of({0x15, 0x11, 0x06, 0x00}));
  auto missing = decode<checked::badge>(unleveled);
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, prism::error_code::missing_field);
  EXPECT_EQ(missing.error().offset, 3u);  // at the end byte
  // an absent nibble where this model has none to spare (the padding) is still an error
  EXPECT_EQ(decode<checked::ticket>(of({0x15, 0x03, 0x11, 0xFF, 0x0E, 0x18})).error().detail,
            "dense record padding nibble not 0");
}

TEST(BinaryCompatibility, DisallowedChangesGiveTypeMismatch) {
  struct text_id {
    std::string id;
  };
  struct number_id {
    std::uint8_t id = 0;
  };
  auto r = decode<number_id>(encode(text_id{"x"}));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, prism::error_code::type_mismatch);
  EXPECT_EQ(r.error().message(), "expected an integer, found wire type bytes at $.id (byte 3)");
  auto negative = decode<number_id>(encode(std::tuple<int>{-1}));
  ASSERT_FALSE(negative);
  EXPECT_EQ(negative.error().code, prism::error_code::out_of_range);  // signedness changed: range-checked
}

// ---- hostile input ----------------------------------------------------------------------------------------

TEST(BinaryHostile, EveryTruncationIsAnError) {
  for (const bytes& doc : {encode(golden::make_scalars()), encode(golden::make_containers())}) {
    for (std::size_t n = 0; n < doc.size(); ++n) {
      auto r = decode<golden::containers>(bytes(doc.begin(), doc.begin() + static_cast<std::ptrdiff_t>(n)));
      EXPECT_FALSE(r) << "a prefix of " << n << " bytes was accepted";
    }
  }
  bytes wide = encode(golden::make_wide());
  for (std::size_t n = 0; n < wide.size(); ++n)
    EXPECT_FALSE(decode<golden::wide>(bytes(wide.begin(), wide.begin() + static_cast<std::ptrdiff_t>(n))));
  bytes p = encode(golden::make_pointers());
  for (std::size_t n = 0; n < p.size(); ++n)
    EXPECT_FALSE(decode<golden::pointers>(bytes(p.begin(), p.begin() + static_cast<std::ptrdiff_t>(n))));
}

TEST(BinaryHostile, LengthsAndCountsAreCheckedBeforeAllocating) {
  // a string of 2^62 bytes, a sequence of 2^62 elements, a map of 2^62 pairs: each rejected from its header
  auto huge = of({0x14, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x40});
  EXPECT_EQ(decode<std::string>(huge).error().code, prism::error_code::unexpected_end);
  auto many = of({0x16, 0xC0, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x10});  // 12 + 4 * 2^60
  auto most = of({0x16, 0xF0, 0xFC, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x3F});  // 15 + 4 * (2^62 - 4)
  auto over = of({0x16, 0xF0, 0xFD, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x3F});  // 15 + 4 * (2^62 - 3)
  EXPECT_EQ(decode<std::vector<std::uint8_t>>(most).error().detail,
            "count of 18446744073709551615 elements beyond the end of the input");
  EXPECT_EQ(decode<std::vector<std::uint8_t>>(over).error().detail,
            "count of 2^64 elements or more beyond the end of the input");
  EXPECT_EQ(decode<std::vector<std::uint8_t>>(many).error().code, prism::error_code::unexpected_end);
  auto pairs = of({0x17, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x40, 0x00});
  EXPECT_EQ((decode<std::map<int, int>>(pairs).error().code), prism::error_code::unexpected_end);
  // 1000 doubles promised, 8 bytes given
  auto doubles = of({0x16, 0xC3, 0xF7, 0x01, 0, 0, 0, 0, 0, 0, 0, 0});  // 12 + 4 * 247
  EXPECT_EQ(decode<std::vector<double>>(doubles).error().detail, "count of 1000 elements beyond the end of the input");
}

TEST(BinaryHostile, NestingIsBounded) {
  // a record in a record in a record... as an unknown field, skipped: the limit holds there too
  bytes deep = {std::byte{0x15}};
  for (int i = 0; i < 600; ++i) deep.push_back(std::byte{0x15});  // key: id step 1, wire type record
  for (int i = 0; i < 601; ++i) deep.push_back(std::byte{0x00});
  struct empty {};
  auto r = decode<empty>(deep);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, prism::error_code::depth_exceeded);
  auto shallow = prism::bin::read<empty>(std::span<const std::byte>(deep), {.max_depth = 1000});
  EXPECT_TRUE(shallow) << shallow.error().message();
  std::vector<std::vector<std::vector<int>>> nested{{{1}}};
  auto limited = prism::bin::read<decltype(nested)>(std::span<const std::byte>(encode(nested)), {.max_depth = 2});
  EXPECT_EQ(limited.error().code, prism::error_code::depth_exceeded);
  // sequences and maps of fixed-width values are a level of nesting when skipped too, though skipped in one step:
  // whatever is read or skipped within max_depth, dump accepts
  struct outer_v2 {
    std::vector<std::vector<float>> floats;
    std::vector<std::map<std::int32_t, std::int32_t>> maps;
  };
  struct outer_v1 {};
  auto doc = encode(outer_v2{{{1.0f, 2.0f}}, {{{-2000000000, 2000000000}}}});
  for (std::size_t depth : {1u, 2u, 3u}) {
    prism::bin::read_options o{.max_depth = depth};
    auto read = prism::bin::read<outer_v1>(std::span<const std::byte>(doc), o);
    auto dumped = prism::bin::dump(std::span<const std::byte>(doc), o);
    EXPECT_EQ(read.has_value(), depth >= 3) << depth;
    EXPECT_EQ(dumped.has_value(), depth >= 3) << depth;
    if (!read) {
      EXPECT_EQ(read.error().code, prism::error_code::depth_exceeded);
    }
  }
}

// A ref may hold a ref (optional<optional<T>>): a long chain of them is nesting, bounded by max_depth wherever it is
// read, skipped or dumped, not a recursion as deep as the input is long.
TEST(BinaryHostile, ChainsOfRefsAreNesting) {
  bytes chain = of({0x18});
  for (int i = 0; i < 100000; ++i) chain.push_back(std::byte{0x12});  // h = 18: a value of wire type ref follows
  chain.push_back(std::byte{0x00});
  EXPECT_EQ(decode<std::optional<int>>(chain).error().code, prism::error_code::depth_exceeded);
  EXPECT_EQ(decode<std::shared_ptr<int>>(chain).error().code, prism::error_code::depth_exceeded);
  EXPECT_EQ(prism::bin::dump(std::span<const std::byte>(chain)).error().code, prism::error_code::depth_exceeded);
  bytes skipped = of({0x15, 0x11, 0x02, 0x18});  // a tuple: element 1, then an element 2 the reader does not know
  skipped.insert(skipped.end(), chain.begin() + 1, chain.end());
  skipped.push_back(std::byte{0x00});
  EXPECT_EQ(decode<std::tuple<int>>(skipped).error().code, prism::error_code::depth_exceeded);
  EXPECT_EQ(decode<std::optional<std::optional<int>>>(encode(std::optional<std::optional<int>>{std::optional<int>{3}})).value(),
            std::optional<std::optional<int>>{std::optional<int>{3}});  // a short chain reads
}

TEST(BinaryHostile, MalformedStructure) {
  struct one {
    int a = 0;
  };
  EXPECT_EQ(decode<one>(of({0x15, 0x1F, 0x00})).error().detail, "unknown wire type 15");
  EXPECT_EQ(decode<one>(of({0x15, 0x11, 0x00, 0x01})).error().detail, "field key with no id step");
  EXPECT_EQ(decode<one>(of({0x15, 0x01, 0x0E, 0x00})).error().detail, "unknown wire type 14");   // dense: a bad nibble
  EXPECT_EQ(decode<one>(of({0x15, 0x01, 0x10, 0x00})).error().detail, "dense record padding nibble not 0");
  EXPECT_EQ(decode<one>(of({0x15, 0x03, 0x00})).error().code, prism::error_code::unexpected_end);  // nibbles cut short
  EXPECT_EQ(decode<one>(of({0x15, 0x0F, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F})).error().detail,
            "dense record of more than 2^32 - 1 ids");
  EXPECT_EQ(decode<bool>(of({0x10, 0x02})).error().detail, "a bool is 0 or 1");
  EXPECT_EQ((decode<std::array<int, 2>>(of({0x16, 0x11, 0x02})).error().detail), "expected 2 elements, found 1");
  EXPECT_EQ(decode<std::vector<int>>(of({0x16, 0x01})).error().detail, "empty sequence with an element wire type");
  EXPECT_EQ(decode<std::vector<int>>(of({0x16, 0x1E, 0x00})).error().detail, "unknown wire type 14");
  EXPECT_EQ(decode<std::vector<int>>(of({0x16})).error().code, prism::error_code::unexpected_end);
  EXPECT_EQ((decode<std::variant<int, bool>>(of({0x15, 0x31, 0x02, 0x00})).error().detail), "unknown variant alternative");
  EXPECT_EQ((decode<std::variant<int, bool>>(of({0x15, 0x0C, 0x00})).error().detail), "unknown variant alternative");
  EXPECT_EQ(decode<level>(of({0x11, 0x04})).value(), static_cast<level>(2));  // an enum class holds any int8
  EXPECT_EQ(decode<shade>(of({0x10, 0x05})).error().code, prism::error_code::unknown_enumerator);  // 0..1 only
}

}  // namespace
