// Hostile input to the binary reader: truncations, lengths and counts checked before allocating, bounded nesting,
// chains of refs, malformed structure.
#include "bin_test.hpp"

namespace hostile {  // outside the anonymous namespace: reflected types need linkage
struct large {
  std::array<char, 10000> pad{};
  int x = 0;
};
}  // namespace hostile

namespace hostile {
struct nest {
  std::vector<nest> k;
};
}  // namespace hostile

namespace {

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

// Each record, sequence, map and ref holding a value is a level wherever it is: a document of 512 levels reads (its
// unknown field skipped) and dumps, one of 513 fails in both, for sequences (empty at the bottom) and records alike.
TEST(BinaryHostile, LevelsCountTheSameInReadingSkippingAndDumping) {
  struct none {};  // knows no field: the nesting in field 1 is skipped
  for (const bool records : {false, true}) {
    for (const std::size_t levels : {512u, 513u}) {
      bytes doc = of({0x15});  // a record: level 1
      if (records) {  // field 1 a record, whose field 1 is a record... the last empty, then every record's end byte
        doc.insert(doc.end(), levels - 1, std::byte{0x15});
        doc.insert(doc.end(), levels, std::byte{0x00});
      } else {  // field 1 a seq of one seq of one seq... the last empty, then the record's end byte
        doc.push_back(std::byte{0x16});
        doc.insert(doc.end(), levels - 2, std::byte{0x16});
        doc.insert(doc.end(), {std::byte{0x00}, std::byte{0x00}});
      }
      auto read = decode<none>(doc);
      auto dumped = prism::bin::dump(std::span<const std::byte>(doc));
      SCOPED_TRACE((records ? "records, " : "sequences, ") + std::to_string(levels));
      EXPECT_EQ(read.has_value(), levels <= 512) << (read ? "" : read.error().message());
      EXPECT_EQ(dumped.has_value(), levels <= 512) << (dumped ? "" : dumped.error().message());
      if (!read) {
        EXPECT_EQ(read.error().code, prism::error_code::depth_exceeded);
      }
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
  EXPECT_EQ(decode<one>(of({0x15, 0x01, 0x0E, 0x00})).error().detail, "expected an integer, found wire type choice");
  EXPECT_EQ(decode<one>(of({0x15, 0x01, 0x10, 0x00})).error().detail, "dense record padding nibble not 0");
  EXPECT_EQ(decode<one>(of({0x15, 0x03, 0x00})).error().code, prism::error_code::unexpected_end);  // nibbles cut short
  EXPECT_EQ(decode<one>(of({0x15, 0x0F, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F})).error().detail,
            "dense record of more than 2^32 - 1 ids");
  EXPECT_EQ(decode<bool>(of({0x10, 0x02})).error().detail, "a bool is 0 or 1");
  // ref headers: w = 15 (h = 32) and h from 64 are malformed; h = 62 is a new shared object holding a choice
  EXPECT_EQ(decode<std::optional<int>>(of({0x18, 0x20, 0x00})).error().detail, "invalid ref header");
  EXPECT_EQ(decode<std::optional<int>>(of({0x18, 0x40, 0x00})).error().detail, "invalid ref header");
  EXPECT_EQ(decode<std::optional<int>>(of({0x18, 0x80, 0x01, 0x00})).error().detail, "invalid ref header");
  EXPECT_EQ(prism::bin::dump(of({0x18, 0x3E, 0x02, 0x01, 'x', 0x00, 0x07})).value(),
            "version 1 ref shared object 0 choice alternative \"x\" uint 7\n");
  EXPECT_EQ((decode<std::array<int, 2>>(of({0x16, 0x11, 0x02})).error().detail), "expected 2 elements, found 1");
  EXPECT_EQ(decode<std::vector<int>>(of({0x16, 0x01})).error().detail, "empty sequence with an element wire type");
  EXPECT_EQ(decode<std::vector<int>>(of({0x16, 0x1F, 0x00})).error().detail, "unknown wire type 15");
  EXPECT_EQ(decode<std::vector<int>>(of({0x16})).error().code, prism::error_code::unexpected_end);
  EXPECT_EQ((decode<std::variant<int, bool>>(of({0x15, 0x31, 0x02, 0x00})).error().detail), "unknown variant alternative");
  EXPECT_EQ((decode<std::variant<int, bool>>(of({0x15, 0x0C, 0x00})).error().detail),
            "a variant as a dense record, which no build writes (a choice, or a keyed record)");
  EXPECT_EQ((decode<std::variant<int, bool>>(of({0x15, 0x01, 0x01, 0x02})).error().detail),
            "a variant as a dense record, which no build writes (a choice, or a keyed record)");
  EXPECT_EQ((decode<std::variant<int, bool>>(of({0x15, 0x00})).error().detail), "unknown variant alternative");
  EXPECT_EQ((decode<std::variant<int, bool>>(of({0x1E, 0x00})).error().detail), "a choice names its alternative");
  EXPECT_EQ((decode<std::variant<int, bool>>(of({0x1E, 0x01, 0x01, 0x02})).error().detail),
            "reference to a type name not yet seen");
  EXPECT_EQ((decode<std::variant<int, bool>>(of({0x1E, 0x04, 0x01, 'x', 0x01, 0x02})).error().detail),
            "a name's header is 2 (or odd: a name seen before)");  // one encoding for a name
  EXPECT_EQ((decode<std::variant<int, bool>>(of({0x1E, 0x02, 0x04, 'b', 'o', 'o', 'l', 0x0F})).error().detail),
            "unknown wire type 15");
  EXPECT_EQ((decode<std::variant<int, bool>>(of({0x1E, 0x02, 0x04, 'b', 'o', 'o', 'l'}))).error().code,
            prism::error_code::unexpected_end);
  EXPECT_EQ(decode<level>(of({0x11, 0x04})).error().code, prism::error_code::unknown_enumerator);  // 2: no name
  const bytes two = of({0x11, 0x04});
  EXPECT_EQ(prism::bin::read<level>(std::span<const std::byte>(two), {.unnamed_enum_values = true}).value(),
            static_cast<level>(2));  // an enum class holds any int8, by option
  EXPECT_EQ(decode<shade>(of({0x10, 0x05})).error().code, prism::error_code::unknown_enumerator);  // 0..1 only
}

// Counts are checked against what the rest of the whole document can hold, not each against the bytes left: a
// sequence inside an element may count only what the elements after it leave. Nested sequences of records each
// claiming the rest of a 200 KB input made every level's elements at once (1.17 GB); the second level is now refused.
TEST(BinaryHostile, NestedCountsShareTheInput) {
  bytes doc{std::byte{0x15}};  // a keyed record: key id 1, a seq of records claiming all but a few bytes; 400 deep
  const std::size_t size = 200000;
  std::vector<std::size_t> levels;
  for (int d = 0; d < 400; ++d) {
    levels.push_back(doc.size());
    doc.push_back(std::byte{0x16});
    const std::size_t n = size - doc.size() - 8;
    doc.push_back(static_cast<std::byte>((12 + (n - 12) % 4) << 4 | 5));
    for (std::size_t v = (n - 12) / 4;; v >>= 7) {
      doc.push_back(static_cast<std::byte>(v < 0x80 ? v : (v & 0x7F) | 0x80));
      if (v < 0x80) break;
    }
  }
  doc.resize(size, std::byte{0});
  auto r = prism::bin::read<hostile::nest>(std::span<const std::byte>(doc), {.max_depth = 1000, .max_alloc_bytes = 16 << 20});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, prism::error_code::unexpected_end) << r.error().message();  // not the allocation cap
  EXPECT_EQ(r.error().detail, "more elements than the rest of the document can hold");
  EXPECT_EQ(r.error().offset, levels[1] + 1);  // the second level's count
  // a document that holds what it counts still reads
  hostile::nest deep;
  hostile::nest* at = &deep;
  for (int d = 0; d < 100; ++d) {
    at->k.resize(2);
    at = &at->k[1];
  }
  auto back = decode<hostile::nest>(encode(deep));
  ASSERT_TRUE(back) << back.error().message();
}

// Names in a document (of subtypes, of variant alternatives) are bytes the document chose: dump prints them escaped,
// as it prints strings, so that quotes, newlines, NUL and invalid UTF-8 cannot break its text.
TEST(BinaryHostile, DumpEscapesNames) {
  const bytes poly = of({0x19, 0x02, 0x05, '"', '\n', 0x00, 0xFF, 'x', 0x00});  // a poly named "\"\n\0\xffx", empty
  EXPECT_EQ(prism::bin::dump(poly).value(), "version 1 poly type \"\\\"\\x0a\\x00\\xffx\" {\n}\n");
  const bytes choice = of({0x1E, 0x02, 0x02, 'a', '\n', 0x00, 0x05});  // a choice named "a\n", uint 5
  EXPECT_EQ(prism::bin::dump(choice).value(), "version 1 choice alternative \"a\\x0a\" uint 5\n");
}

// A count is bounded by the input's length, but an element may take far more memory than its byte on the wire:
// max_alloc_bytes is checked before a sequence or map is allocated.
TEST(BinaryHostile, AllocationIsCappedByMaxAllocBytes) {
  bytes many = encode(std::vector<hostile::large>(100));
  EXPECT_TRUE(decode<std::vector<hostile::large>>(many));
  auto capped = prism::bin::read<std::vector<hostile::large>>(std::span<const std::byte>(many),
                                                              {.max_alloc_bytes = 99 * sizeof(hostile::large)});
  ASSERT_FALSE(capped);
  EXPECT_EQ(capped.error().code, prism::error_code::limit_exceeded);
  EXPECT_NE(capped.error().message().find("max_alloc_bytes"), std::string::npos);
  std::map<int, hostile::large> keyed;
  for (int i = 0; i < 100; ++i) keyed[i];
  bytes pairs = encode(keyed);
  auto map_capped =
      prism::bin::read<std::map<int, hostile::large>>(std::span<const std::byte>(pairs), {.max_alloc_bytes = 1000});
  ASSERT_FALSE(map_capped);
  EXPECT_EQ(map_capped.error().code, prism::error_code::limit_exceeded);
  EXPECT_TRUE((prism::bin::read<std::map<int, hostile::large>>(std::span<const std::byte>(pairs))));
}

}  // namespace
