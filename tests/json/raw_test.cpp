// json::raw and json::raw_view: a value's JSON text through a typed model, unparsed. Every JSONTestSuite y_ case
// reads into a raw field and writes back byte for byte; every n_ case is refused there; text that is not one JSON
// value is refused on writing (in debug builds, or by option); the binary format carries the text.
#include <prism/prism.hpp>

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "jsontestsuite.hpp"

namespace {

namespace fs = std::filesystem;

using jsontestsuite::cases;
using jsontestsuite::read_file;

/// The text without the JSON whitespace around it: what a raw holds of it.
std::string_view trimmed(std::string_view s) {
  constexpr std::string_view ws = " \t\n\r";
  const std::size_t first = s.find_first_not_of(ws);
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(ws) - first + 1);
}

struct envelope {
  std::string id;
  prism::json::raw payload;
  int n = 0;
};

struct envelope_view {
  prism::json::raw_view payload;
  std::string id;
};

TEST(Raw, EveryAcceptedCaseReadsAndWritesBackByteForByte) {
  const auto all = cases('y');
  ASSERT_EQ(all.size(), 95u);
  for (const fs::path& f : all) {
    SCOPED_TRACE(f.filename().string());
    const std::string text = read_file(f);
    const std::string_view value = trimmed(text);

    // alone: the document's text
    auto alone = prism::json::read<prism::json::raw>(std::string_view(text));
    ASSERT_TRUE(alone) << alone.error().message();
    EXPECT_EQ(alone->text, value);
    EXPECT_EQ(prism::json::to_string(*alone).value(), value);

    // in a field, between others, compact and pretty: verbatim
    const std::string doc = "{\"id\":\"x\",\"payload\":" + text + ",\"n\":7}";
    auto in_field = prism::json::read<envelope>(std::string_view(doc));
    ASSERT_TRUE(in_field) << in_field.error().message();
    EXPECT_EQ(in_field->payload.text, value);
    EXPECT_EQ(in_field->n, 7);
    EXPECT_EQ(prism::json::to_string(*in_field).value(), "{\"id\":\"x\",\"payload\":" + std::string(value) + ",\"n\":7}");
    EXPECT_EQ(prism::json::to_string(*in_field, {.indent = 2}).value(),
              "{\n  \"id\": \"x\",\n  \"payload\": " + std::string(value) + ",\n  \"n\": 7\n}");

    // a view of the input, no copy
    auto viewed = prism::json::read<envelope_view>(std::string_view(doc));
    ASSERT_TRUE(viewed) << viewed.error().message();
    EXPECT_EQ(viewed->payload.text, value);
    EXPECT_TRUE(viewed->payload.text.data() >= doc.data() && viewed->payload.text.data() < doc.data() + doc.size());
  }
}

TEST(Raw, EveryRefusedCaseIsRefusedInAField) {
  const auto all = cases('n');
  ASSERT_EQ(all.size(), 188u);
  for (const fs::path& f : all) {
    const std::string doc = "{\"id\":\"x\",\"payload\":" + read_file(f) + "}";
    auto r = prism::json::read<envelope>(std::string_view(doc));
    EXPECT_FALSE(r) << f.filename() << " was read as " << (r ? r->payload.text : "");
  }
  auto bad = prism::json::read<envelope>(std::string_view(R"({"payload": {"a": [1, tru]}})"));
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().message(), "invalid literal, expected true at $.payload (line 1, column 23)");
}

// The writer never emits invalid JSON from a raw field: debug builds check its text, release builds by option; no
// text at all is null.
TEST(Raw, TextThatIsNotOneValueIsRefusedOnWriting) {
  for (std::string text : {"{oops", "1 2", "[1,]", "  ", "\"unterminated", "nul\x01"}) {
    envelope e{"x", {text}, 1};
    auto checked = prism::json::to_string(e, {.validate_raw = true});
    ASSERT_FALSE(checked) << text;
    EXPECT_EQ(checked.error().code, prism::error_code::invalid_value);
    EXPECT_EQ(checked.error().path, "$.payload");
#if PRISM_WRITER_CHECKS >= 2
    EXPECT_FALSE(prism::json::to_string(e)) << text;
#endif
  }
  EXPECT_EQ(prism::json::to_string(envelope{}).value(), R"({"id":"","payload":null,"n":0})");
  EXPECT_EQ(prism::json::to_string(envelope{"x", {"[1, 2]"}, 3}, {.validate_raw = true}).value(),
            R"({"id":"x","payload":[1, 2],"n":3})");
}

// From a stream, a raw holds its own text and a raw_view needs a string_pool (without one it does not compile: see
// tests/compile_fail/dangling_view_raw.cpp).
TEST(Raw, FromAStream) {
  std::string doc = R"([{"id":"a","payload":{"deep":[1,{"x":"\u00e9"}]}}, {"id":"b","payload":"text"}])";
  std::istringstream in(doc);
  auto owned = prism::json::read<std::vector<envelope>>(in).value();
  ASSERT_EQ(owned.size(), 2u);
  EXPECT_EQ(owned[0].payload.text, R"({"deep":[1,{"x":"\u00e9"}]})");
  EXPECT_EQ(owned[1].payload.text, R"("text")");
  prism::string_pool pool;
  std::istringstream again(doc);
  auto viewed = prism::json::read<std::vector<envelope_view>>(again, pool).value();
  ASSERT_EQ(viewed.size(), 2u);
  EXPECT_EQ(viewed[0].payload.text, owned[0].payload.text);
}

// The binary format carries the text as a string: it reads back the same, and writes the same JSON again.
TEST(Raw, ThroughTheBinaryFormat) {
  const envelope e{"x", {R"({"a": [1, 2.50, null]})"}, 5};
  const std::vector<std::byte> bytes = prism::bin::to_bytes(e).value();
  const envelope back = prism::bin::read<envelope>(bytes).value();
  EXPECT_EQ(back.payload, e.payload);
  EXPECT_EQ(prism::json::to_string(back).value(), prism::json::to_string(e).value());
}

}  // namespace
