// The binary format's bytes: the specification's examples byte for byte, the header of every sequence count,
// fixed-width integers where they are shorter, arrays copied whole, varints of every length into every width,
// records of short varints, versions and size bounds; aggregates with C arrays and empty records.
#include "bin_test.hpp"

namespace {

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

// A present optional in a record is written as its value, unless that value can itself be empty: then as a ref, so
// that an empty inner value stays apart from an absent field, and every state reads back and writes byte for byte.
TEST(BinaryFormat, NestedOptionalsKeepEveryState) {
  struct nested {
    std::optional<std::optional<std::int32_t>> x;
  };
  struct pointed {
    std::unique_ptr<std::optional<std::int32_t>> x;
  };
  nested absent, empty_inner, five;
  empty_inner.x.emplace();
  five.x.emplace(5);
  const bytes b_absent = encode(absent), b_empty = encode(empty_inner), b_five = encode(five);
  EXPECT_EQ(b_absent, of({0x15, 0x00}));                          // keyed, no field: the end byte
  EXPECT_EQ(b_empty, of({0x15, 0x01, 0x08, 0x12, 0x00}));         // id 1 a ref: a value of wire type ref, null
  EXPECT_EQ(b_five, of({0x15, 0x01, 0x08, 0x12, 0x04, 0x0A}));    // ... an sint value, 5
  for (const bytes& b : {b_absent, b_empty, b_five}) {
    auto back = decode<nested>(b);
    ASSERT_TRUE(back) << back.error().message();
    EXPECT_EQ(encode(*back), b);
  }
  EXPECT_FALSE(decode<nested>(b_absent)->x.has_value());
  ASSERT_TRUE(decode<nested>(b_empty)->x.has_value());
  EXPECT_FALSE(decode<nested>(b_empty)->x->has_value());
  EXPECT_EQ(decode<nested>(b_five)->x.value(), 5);
  pointed p;
  p.x = std::make_unique<std::optional<std::int32_t>>();
  auto pb = decode<pointed>(encode(p));
  ASSERT_TRUE(pb) << pb.error().message();
  ASSERT_NE(pb->x, nullptr);
  EXPECT_FALSE(pb->x->has_value());
  // an optional of a plain value is still written as the value, and reads into the plain type
  struct plain {
    std::optional<std::int32_t> x;
  };
  EXPECT_EQ(encode(plain{5}), of({0x15, 0x01, 0x01, 0x0A}));
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
  for (std::size_t n : std::initializer_list<std::size_t>{0, 1, 2, 7, 8, 31, 32, 33, 63, 64, 65, 100, 511, 512, 513, 1023,
                                                          1024, 1025, 2000}) {
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
  EXPECT_EQ(decode<std::uint64_t>(of({0x10, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00})).error().code,
            prism::error_code::invalid_value);  // a 10th byte of 0: overlong
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
    if (std::is_signed_v<I> && rng() % 2) v = -v - static_cast<std::int64_t>(rng() % 2);
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
  EXPECT_EQ(decode<int>(of({0x1F})).error().detail, "unknown wire type 15");  // reserved
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

}  // namespace
