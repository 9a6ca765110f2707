// json::value: any JSON value through the typed paths. Every JSONTestSuite y_ case reads and writes back with its
// numbers and strings as written; every n_ case is refused with validate's error; numbers keep their text where a
// double would not reproduce it; RFC 6901's pointer examples; building, copying, arenas, duplicate keys and limits.
#include <prism/prism.hpp>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <limits>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "jsontestsuite.hpp"

namespace {

namespace fs = std::filesystem;
using prism::json::value;
using prism::json::value_type;

value parse(std::string_view text, const prism::json::read_options& opts = {}) {
  auto r = prism::json::read<value>(text, opts);
  if (!r) ADD_FAILURE() << text << ": " << r.error().message();
  return r ? std::move(*r) : value();
}

std::string write(const value& v, const prism::json::write_options& opts = {}) {
  auto r = prism::json::to_string(v, opts);
  if (!r) ADD_FAILURE() << r.error().message();
  return r ? *r : std::string();
}

std::string minified(const std::string& text) {
  std::istringstream in(text);
  std::string out;
  auto r = prism::json::reformat(in, out);
  if (!r) ADD_FAILURE() << r.error().message();
  return out;
}

// ---- conformance ----------------------------------------------------------------------------------------------

TEST(Value, EveryAcceptedCaseReadsAndWritesBackAsWritten) {
  const auto all = jsontestsuite::cases('y');
  ASSERT_EQ(all.size(), 95u);
  int byte_exact = 0;
  for (const fs::path& f : all) {
    SCOPED_TRACE(f.filename().string());
    const std::string text = jsontestsuite::read_file(f);
    const value v = parse(text);
    const std::string out = write(v);
    // Strings are decoded and escaped anew; without escapes, every byte (numbers included) comes back as written.
    if (text.find('\\') == std::string::npos) {
      EXPECT_EQ(out, minified(text));
      ++byte_exact;
    }
    EXPECT_EQ(parse(out), v);
    EXPECT_EQ(parse(write(v, {.indent = 2})), v);
    // an independent parser agrees on what was read
    EXPECT_EQ(nlohmann::json::parse(out), nlohmann::json::parse(text));
  }
  EXPECT_GE(byte_exact, 60);  // 65 of the 95 have no escape
}

TEST(Value, EveryRefusedCaseFailsAsValidateDoes) {
  const auto all = jsontestsuite::cases('n');
  ASSERT_GT(all.size(), 180u);
  for (const fs::path& f : all) {
    SCOPED_TRACE(f.filename().string());
    const std::string text = jsontestsuite::read_file(f);
    auto r = prism::json::read<value>(std::string_view(text));
    ASSERT_FALSE(r);
    auto v = prism::json::validate(text);
    ASSERT_FALSE(v);
    EXPECT_EQ(r.error().offset, v.error().offset) << r.error().message() << " | " << v.error().message();
  }
}

// A string the input ends inside: invalid UTF-8 before the end is the error, as validate has it (the reader took
// the end for it, when the text was in a last block shorter than 16 bytes: found by fuzz_value).
TEST(Value, TextCutShortFailsWhereValidateDoes) {
  for (std::string doc : {std::string("\"jso:ui4K\xc9\x8d\xc8\xc7\xc6\xcf\xce\xd7" "34ud835"), std::string("\"abc\xc3"),
                          std::string("\"abc\xe2\x82"), std::string("\"ab\xffq"),
                          std::string("\"abcdefghijklmnopqrstuvwxyz0123456789\xc8\xc7zz"),
                          std::string("\"abcdefghijklmnopqrstuvwxyz0123456789\xe2\x82"), std::string("\"ab\xff"),
                          std::string("\"abcdefghijklmnopqrstuvwxyz0123456789\xff"), std::string("\"ab\x80"),
                          std::string("\"ab\xf5"), std::string("\"ab\xf4\x8f")}) {
    SCOPED_TRACE(doc);
    auto valid = prism::json::validate(doc);
    ASSERT_FALSE(valid);
    auto as_value = prism::json::read<value>(std::string_view(doc));
    auto as_string = prism::json::read<std::string>(std::string_view(doc));
    ASSERT_FALSE(as_value);
    ASSERT_FALSE(as_string);
    EXPECT_EQ(as_value.error().code, valid.error().code);
    EXPECT_EQ(as_value.error().offset, valid.error().offset);
    EXPECT_EQ(as_string.error().code, valid.error().code);
    EXPECT_EQ(as_string.error().offset, valid.error().offset);
  }
}

// ---- numbers ----------------------------------------------------------------------------------------------------

struct number_case {
  const char* text;
  bool integer;  // held as int64 or uint64; any other number is held as written
};

TEST(Value, NumbersWriteBackByteForByte) {
  const number_case table[] = {
      {"0", true},
      {"-0", false},
      {"7", true},
      {"-9223372036854775808", true},
      {"9223372036854775807", true},
      {"9223372036854775808", true},  // uint64
      {"18446744073709551615", true},
      {"18446744073709551616", false},
      {"-9223372036854775809", false},
      {"123456789012345678901234567890", false},
      {"2.5", false},
      {"0.1", false},
      {"1.50", false},
      {"1E2", false},
      {"1e400", false},
      {"-1e400", false},
      {"1e-400", false},
      {"5e-324", false},
      {"1.7976931348623157e+308", false},
      {"1.7976931348623157e308", false},
      {"0.30000000000000004", false},
      {"-65.613616999999977", false},
      {"1.0", false},
      {"0.000123", false},
      {"1e007", false},
      {"-1.5E-10", false},
      {"1E+2", false},
      {"123.456e-7", false},
      {"12345678901234567.89", false},      // 19 digits: the most held as digits
      {"1234567890123456789.5", false},     // 20: held as text
      {"0.0000000000000000001", false},     // 20 with the leading zeros
      {"1e65535", false},
      {"1e65536", false},                   // an exponent past 16 bits: text
      {"1e00000000000000000001", false},    // 20 exponent digits
      {"1e000000000000000000001", false},   // 21: text
  };
  for (const auto& c : table) {
    SCOPED_TRACE(c.text);
    const value v = parse(c.text);
    EXPECT_TRUE(v.is_number());
    EXPECT_EQ(v.is_integer(), c.integer);
    EXPECT_EQ(v.number_text(), c.integer ? "" : c.text);
    EXPECT_EQ(write(v), c.text);
    EXPECT_EQ(write(parse(std::string("[") + c.text + "]")), std::string("[") + c.text + "]");
  }
}

TEST(Value, NumberAccessorsAreExact) {
  EXPECT_EQ(parse("-9223372036854775808").as_int64().value(), std::numeric_limits<std::int64_t>::min());
  EXPECT_EQ(parse("18446744073709551615").as_uint64().value(), std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(parse("18446744073709551615").as_int64().error().code, prism::error_code::out_of_range);
  EXPECT_EQ(parse("-1").as_uint64().error().code, prism::error_code::out_of_range);
  EXPECT_EQ(parse("-0").as_int64().value(), 0);
  EXPECT_EQ(parse("1.0").as_int64().value(), 1);
  EXPECT_EQ(parse("1E2").as_uint64().value(), 100u);
  EXPECT_EQ(parse("2.5").as_int64().error().code, prism::error_code::out_of_range);
  EXPECT_EQ(parse("1.0000000000000000001").as_int64().error().code, prism::error_code::out_of_range);
  EXPECT_EQ(parse("123456789012345678901234567890").as_uint64().error().code, prism::error_code::out_of_range);
  EXPECT_EQ(parse("1.50").as_double().value(), 1.5);
  EXPECT_EQ(parse("-65.613616999999977").as_double().value(), -65.613616999999977);
  EXPECT_TRUE(std::signbit(parse("-0").as_double().value()));
  EXPECT_EQ(parse("1e400").as_double().error().code, prism::error_code::out_of_range);
  EXPECT_EQ(parse("1e400").as_double().error().message(), "number 1e400 out of range for double");
  EXPECT_EQ(parse("3").as_double().value(), 3.0);
  EXPECT_EQ(value(3.0).as_int64().value(), 3);
  EXPECT_EQ(value(3.5).as_int64().error().code, prism::error_code::out_of_range);
}

TEST(Value, NumbersCompareAsExactDecimals) {
  EXPECT_EQ(parse("1"), parse("1.0"));
  EXPECT_EQ(parse("100"), parse("1E2"));
  EXPECT_EQ(parse("0"), parse("-0"));
  EXPECT_EQ(value(1), value(1.0));
  EXPECT_EQ(value(std::uint64_t{5}), value(5));
  EXPECT_EQ(parse("0.1"), value(0.1));
  EXPECT_NE(parse("0.1"), parse("0.10000000000000001"));  // the same double, not the same number
  EXPECT_NE(parse("123456789012345678901234567890"), parse("123456789012345678901234567891"));
  EXPECT_NE(parse("1e400"), parse("2e400"));
  EXPECT_NE(value(std::numeric_limits<double>::quiet_NaN()), value(std::numeric_limits<double>::quiet_NaN()));
  EXPECT_NE(value(std::numeric_limits<double>::infinity()), value(0));
  EXPECT_NE(value(-1), value(std::numeric_limits<std::uint64_t>::max()));
}

// ---- access -------------------------------------------------------------------------------------------------------

TEST(Value, AccessorsCheckTheType) {
  const value v = parse(R"({"name":"prism","tags":["a","b"],"n":3,"ok":true,"none":null})");
  EXPECT_EQ(v.type(), value_type::object);
  EXPECT_EQ(v.size(), 5u);
  EXPECT_EQ(v["name"].as_string().value(), "prism");
  EXPECT_EQ(v["tags"][1].as_string().value(), "b");
  EXPECT_TRUE(v["tags"][2].is_null());
  EXPECT_TRUE(v["missing"]["deeper"][0].is_null());
  EXPECT_EQ(v["n"].as_int64().value(), 3);
  EXPECT_TRUE(v["ok"].as_bool().value());
  EXPECT_TRUE(v["none"].is_null());
  EXPECT_EQ(v.find("missing"), nullptr);
  ASSERT_NE(v.find("n"), nullptr);

  auto wrong = v["name"].as_int64();
  ASSERT_FALSE(wrong);
  EXPECT_EQ(wrong.error().code, prism::error_code::type_mismatch);
  EXPECT_EQ(wrong.error().message(), "expected a number, found a string");
  EXPECT_EQ(v["tags"].as_string().error().message(), "expected a string, found an array");
  EXPECT_EQ(v["none"].as_bool().error().message(), "expected a boolean, found null");

  std::vector<std::string> keys;
  for (const auto& m : v.members()) keys.emplace_back(m.key());
  EXPECT_EQ(keys, (std::vector<std::string>{"name", "tags", "n", "ok", "none"}));
  std::string joined;
  for (const value& e : v["tags"].elements()) joined += e.as_string().value();
  EXPECT_EQ(joined, "ab");
  EXPECT_TRUE(v["n"].elements().empty());
  EXPECT_TRUE(v["n"].members().empty());
}

TEST(Value, PointerFollowsRfc6901) {
  // RFC 6901, section 5
  const value doc = parse(R"({
    "foo": ["bar", "baz"], "": 0, "a/b": 1, "c%d": 2, "e^f": 3, "g|h": 4, "i\\j": 5, "k\"l": 6, " ": 7, "m~n": 8
  })");
  EXPECT_EQ(doc.at_pointer(""), &doc);
  EXPECT_EQ(*doc.at_pointer("/foo"), value::array({"bar", "baz"}));
  EXPECT_EQ(*doc.at_pointer("/foo/0"), value("bar"));
  const std::pair<const char*, int> members[] = {{"/", 0},     {"/a~1b", 1}, {"/c%d", 2}, {"/e^f", 3}, {"/g|h", 4},
                                                 {"/i\\j", 5}, {"/k\"l", 6}, {"/ ", 7},   {"/m~0n", 8}};
  for (const auto& [pointer, n] : members) {
    SCOPED_TRACE(pointer);
    const value* found = doc.at_pointer(pointer);
    ASSERT_NE(found, nullptr);
    EXPECT_EQ(found->as_int64().value(), n);
  }
  for (const char* nothing : {"foo", "/foo/2", "/foo/-", "/foo/01", "/foo/x", "/foo/0/x", "/m~2n", "/m~", "/nope", "/ /x"})
    EXPECT_EQ(doc.at_pointer(nothing), nullptr) << nothing;

  const value nested = parse(R"({"a":[{"b":[10,{"c~d/e":true}]}]})");
  ASSERT_NE(nested.at_pointer("/a/0/b/1/c~0d~1e"), nullptr);
  EXPECT_TRUE(nested.at_pointer("/a/0/b/1/c~0d~1e")->as_bool().value());
  value copy = nested;
  *copy.at_pointer("/a/0/b/0") = "ten";
  EXPECT_EQ(write(copy), R"({"a":[{"b":["ten",{"c~d/e":true}]}]})");
  EXPECT_EQ(write(nested), R"({"a":[{"b":[10,{"c~d/e":true}]}]})");  // the copy was deep
}

// ---- building ------------------------------------------------------------------------------------------------

TEST(Value, BuildsAnyShape) {
  value v = value::object({{"id", 7}, {"name", "a name longer than fourteen bytes"}, {"tags", value::array({"x", 2.5, nullptr, false})}});
  v.set("id", 8);  // replaces
  v.set("extra", value::object());
  value& list = v.set("list", nullptr);
  for (int i = 0; i < 100; ++i) list.push_back(i);  // a null becomes an array
  v["extra"];  // reading never inserts
  EXPECT_EQ(v.size(), 5u);
  EXPECT_EQ(v["list"].size(), 100u);
  EXPECT_EQ(v["list"][99].as_int64().value(), 99);
  std::string expected = R"({"id":8,"name":"a name longer than fourteen bytes","tags":["x",2.5,null,false],"extra":{},"list":[)";
  for (int i = 0; i < 100; ++i) expected += (i ? "," : "") + std::to_string(i);
  expected += "]}";
  EXPECT_EQ(write(v), expected);
  EXPECT_EQ(parse(expected), v);

  value moved = std::move(v);
  EXPECT_TRUE(v.is_null());  // NOLINT(bugprone-use-after-move): a moved-from value is null
  value copy = moved;
  copy.set("id", 9);
  EXPECT_EQ(moved["id"].as_int64().value(), 8);
  EXPECT_NE(copy, moved);
  copy = moved;
  EXPECT_EQ(copy, moved);
  copy = copy["tags"];  // from a part of itself
  EXPECT_EQ(write(copy), R"(["x",2.5,null,false])");

  value scalar = 3;
  EXPECT_THROW(scalar.push_back(1), std::logic_error);
  EXPECT_THROW(scalar.set("k", 1), std::logic_error);
}

TEST(Value, WritesThroughTheWriterOptions) {
  value v = value::object({{"x", std::numeric_limits<double>::quiet_NaN()}, {"s", "é"}});
  auto fails = prism::json::to_string(value::object({{"list", value::array({1, v})}}));
  ASSERT_FALSE(fails);
  EXPECT_EQ(fails.error().code, prism::error_code::non_finite_number);
  EXPECT_EQ(fails.error().path, "$[\"list\"][1][\"x\"]");
  EXPECT_EQ(write(v, {.escape_non_ascii = true, .nonfinite_as_null = true}), R"({"x":null,"s":"\u00e9"})");
  EXPECT_EQ(write(parse(R"({"a":[1,{"b":[]}],"c":{}})"), {.indent = 2}), "{\n  \"a\": [\n    1,\n    {\n      \"b\": []\n    }\n  ],\n  \"c\": {}\n}");
}

// ---- in typed models ---------------------------------------------------------------------------------------------

struct event {
  std::string type;
  value payload;
  std::vector<value> history;
  std::map<std::string, value> extensions;
  std::optional<value> note;
};

TEST(Value, IsAFieldLikeAnyOther) {
  const std::string text =
      R"({"type":"push","payload":{"ref":"main","commits":[{"id":1e400,"msg":"\u00e9"}]},"history":[1,"two",[3]],)"
      R"("extensions":{"x":{"y":null},"z":-0},"note":{"n":1.50}})";
  auto e = prism::json::read<event>(std::string_view(text));
  ASSERT_TRUE(e) << e.error().message();
  EXPECT_EQ(e->payload.at_pointer("/commits/0/msg")->as_string().value(), "\u00e9");
  EXPECT_EQ(e->history.size(), 3u);
  EXPECT_EQ(e->extensions.at("z").number_text(), "-0");
  EXPECT_EQ(e->payload.at_pointer("/commits/0/id")->number_text(), "1e400");
  ASSERT_TRUE(e->note);
  EXPECT_EQ(prism::json::to_string(*e).value(),
            R"({"type":"push","payload":{"ref":"main","commits":[{"id":1e400,"msg":"é"}]},"history":[1,"two",[3]],)"
            R"("extensions":{"x":{"y":null},"z":-0},"note":{"n":1.50}})");
  auto pretty = prism::json::to_string(*e, {.indent = 2});
  ASSERT_TRUE(pretty);
  auto again = prism::json::read<event>(std::string_view(*pretty));
  ASSERT_TRUE(again);
  EXPECT_EQ(again->payload, e->payload);
  EXPECT_EQ(again->extensions, e->extensions);

  auto bad = prism::json::read<event>(std::string_view(R"({"type":"t","payload":{"a":[1,{"b":tru}]}})"));
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().path, "$.payload[\"a\"][1][\"b\"]");
  EXPECT_EQ(bad.error().column, 36u);
}

// ---- memory, limits and options -----------------------------------------------------------------------------------

TEST(Value, ReadsIntoAnArena) {
  const std::string text = R"({"users":[{"name":"a name that is not short","tags":["x","yy"],"score":1.50},{"name":"b"}]})";
  prism::json::arena arena;
  {
    auto v = prism::json::read<value>(std::string_view(text), {.arena = &arena});
    ASSERT_TRUE(v);
    EXPECT_GT(arena.bytes_reserved(), 0u);
    EXPECT_EQ(write(*v), text);
    value& users = *v->at_pointer("/users");
    users.push_back(value::object({{"name", "c"}}));  // the array moves to the heap; its elements stay in the arena
    v->at_pointer("/users/0")->set("extra", "a heap string longer than fourteen");
    EXPECT_EQ(users.size(), 3u);
    value copy = *v;  // deep, on the heap
    EXPECT_EQ(copy, *v);
  }
  arena.release();
  EXPECT_EQ(arena.bytes_reserved(), 0u);
}

// Blocks of odd sizes (strings) then of aligned ones (containers) near the end of an arena block: aligning may pass
// the block's end, which must start a new block rather than hand out memory past it (found by fuzz_value).
TEST(Value, ArenaAlignsWithinItsBlocks) {
  {
    prism::json::arena a(64);
    std::memset(a.allocate(70, 1), 'x', 70);  // a block of its own, 87 bytes with the header: its end is odd
    std::memset(a.allocate(24, 8), 0, 24);    // aligned past that end: a new block
  }
  prism::json::arena arena(64);
  for (std::size_t odd = 1; odd < 80; ++odd) {
    auto* text = static_cast<char*>(arena.allocate(odd, 1));
    std::memset(text, 'x', odd);
    auto* items = static_cast<std::uint64_t*>(arena.allocate(3 * sizeof(std::uint64_t), alignof(std::uint64_t)));
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(items) % alignof(std::uint64_t), 0u);
    items[0] = items[1] = items[2] = odd;  // under AddressSanitizer, a write past a block fails here
  }
  std::string doc = "[";
  for (int i = 0; i < 200; ++i) doc += "[\"" + std::string(static_cast<std::size_t>(i % 23) + 15, 'y') + "\",[1,2]],";
  doc += "null]";
  auto v = prism::json::read<value>(std::string_view(doc), {.arena = &arena});
  ASSERT_TRUE(v);
  EXPECT_EQ(write(*v), doc);
}

TEST(Value, DuplicateKeysAreKeptOrRefused) {
  const value v = parse(R"({"a":1,"b":2,"a":3})");
  EXPECT_EQ(v.size(), 3u);
  EXPECT_EQ(v["a"].as_int64().value(), 3);  // the last, as typed reads take it
  EXPECT_EQ(write(v), R"({"a":1,"b":2,"a":3})");

  auto refused = prism::json::read<value>(std::string_view(R"({"x":{"a":1,"b":2,"a":3}})"), {.reject_duplicate_keys = true});
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, prism::error_code::duplicate_key);
  EXPECT_EQ(refused.error().message(), "duplicate key \"a\" at $[\"x\"] (line 1, column 19)");

  for (int n : {63, 64, 65, 500}) {  // past 64 members, through a set of the keys
    SCOPED_TRACE(n);
    std::string big = "{";
    for (int i = 0; i < n; ++i) big += "\"k" + std::to_string(i) + "\":{\"in\":" + std::to_string(i) + "},";
    std::string unique = big;
    unique.back() = '}';
    EXPECT_TRUE(prism::json::read<value>(std::string_view(unique), {.reject_duplicate_keys = true}));
    big += "\"k" + std::to_string(n / 2) + "\":0}";
    auto r = prism::json::read<value>(std::string_view(big), {.reject_duplicate_keys = true});
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, prism::error_code::duplicate_key);
  }
}

struct pair_of_fields {
  int a = 0;
  std::map<std::string, int> m;
};

TEST(Value, DuplicateKeysInRecordsAndMapsAreRefusedByTheSameOption) {
  const std::string_view text = R"({"a":1,"m":{"x":1,"y":2,"x":3},"a":2})";
  auto last_wins = prism::json::read<pair_of_fields>(text);
  ASSERT_TRUE(last_wins);
  EXPECT_EQ(last_wins->a, 2);
  EXPECT_EQ(last_wins->m.at("x"), 3);

  auto in_map = prism::json::read<pair_of_fields>(text, {.reject_duplicate_keys = true});
  ASSERT_FALSE(in_map);
  EXPECT_EQ(in_map.error().message(), "duplicate key \"x\" at $.m (line 1, column 25)");
  auto in_record = prism::json::read<pair_of_fields>(std::string_view(R"({"a":1,"m":{},"a":2})"), {.reject_duplicate_keys = true});
  ASSERT_FALSE(in_record);
  EXPECT_EQ(in_record.error().message(), "duplicate key \"a\" at $ (line 1, column 15)");
  auto multimap = prism::json::read<std::multimap<std::string, int>>(std::string_view(R"({"k":1,"k":2})"));
  ASSERT_TRUE(multimap);
  EXPECT_EQ(multimap->size(), 2u);
  using multimap_t = std::multimap<std::string, int>;
  EXPECT_FALSE(prism::json::read<multimap_t>(std::string_view(R"({"k":1,"k":2})"), {.reject_duplicate_keys = true}));
}

TEST(Value, LimitsHold) {
  std::string deep(600, '[');
  deep += std::string(600, ']');
  auto too_deep = prism::json::read<value>(std::string_view(deep));
  ASSERT_FALSE(too_deep);
  EXPECT_EQ(too_deep.error().code, prism::error_code::depth_exceeded);
  EXPECT_TRUE(prism::json::read<value>(std::string_view(deep), {.max_depth = 600}));

  std::string zeros = "[";
  for (int i = 0; i < 10000; ++i) zeros += i ? ",0" : "0";
  zeros += "]";
  auto capped = prism::json::read<value>(std::string_view(zeros), {.max_alloc_bytes = 16 * 1000});
  ASSERT_FALSE(capped);
  EXPECT_EQ(capped.error().code, prism::error_code::limit_exceeded);
  EXPECT_TRUE(prism::json::read<value>(std::string_view(zeros), {.max_alloc_bytes = 16 * 10000}));

  value built;
  value* at = &built;
  for (int i = 0; i < 600; ++i) at = &at->push_back(value::array());
  auto written = prism::json::to_string(built);
  ASSERT_FALSE(written);
  EXPECT_EQ(written.error().code, prism::error_code::depth_exceeded);
}

TEST(Value, RealDocumentsRoundTrip) {
  for (const char* name : {"twitter.json", "json_performance.json"}) {
    SCOPED_TRACE(name);
    const std::string text = jsontestsuite::read_file(fs::path(PRISM_DATA_DIR) / "json" / name);
    ASSERT_FALSE(text.empty());
    const value v = parse(text);
    const std::string out = write(v);
    EXPECT_EQ(parse(out), v);
    EXPECT_EQ(nlohmann::json::parse(out), nlohmann::json::parse(text));
    prism::json::arena arena;
    auto in_arena = prism::json::read<value>(std::string_view(text), {.arena = &arena});
    ASSERT_TRUE(in_arena);
    EXPECT_EQ(*in_arena, v);
  }
}

}  // namespace
