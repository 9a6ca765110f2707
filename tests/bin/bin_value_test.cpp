// json::value in the binary format: a choice naming its JSON type, byte for byte as docs/binary-format.md says; every
// JSONTestSuite y_ case round trips; documents of typed models read into a value as JSON would show them (records
// keyed by field id, shared objects repeated, cycles cut); hostile input fails cleanly.
#include <filesystem>
#include <fstream>

#include "../json/jsontestsuite.hpp"
#include "bin_test.hpp"

namespace {

namespace fs = std::filesystem;
using prism::json::value;

std::string hex(const std::vector<std::byte>& b) {
  std::string s;
  char buf[4];
  for (std::byte x : b) {
    std::snprintf(buf, sizeof buf, "%02X ", static_cast<unsigned>(x));
    s += buf;
  }
  if (!s.empty()) s.pop_back();
  return s;
}

std::vector<std::byte> unhex(std::string_view h) {
  std::vector<std::byte> out;
  for (std::size_t i = 0; i + 1 < h.size() + 1; i += 3)
    out.push_back(static_cast<std::byte>(std::stoul(std::string(h.substr(i, 2)), nullptr, 16)));
  return out;
}

value json(std::string_view text) { return prism::json::read<value>(text).value(); }

TEST(BinValue, IsAChoiceNamingItsJsonType) {
  // docs/binary-format.md, "Any JSON value": [1, "a"], then a document naming json:int a second time by number
  EXPECT_EQ(hex(prism::bin::to_bytes(value::array({1, "a"})).value()),
            "1E 02 0A 6A 73 6F 6E 3A 61 72 72 61 79 06 2E 02 08 6A 73 6F 6E 3A 69 6E 74 01 02 02 0B 6A 73 6F 6E 3A 73 74 "
            "72 69 6E 67 04 01 61");
  EXPECT_EQ(hex(prism::bin::to_bytes(value::array({1, 2, value::object({{"k", true}})})).value()),
            "1E 02 0A 6A 73 6F 6E 3A 61 72 72 61 79 06 3E 02 08 6A 73 6F 6E 3A 69 6E 74 01 02 03 01 04 02 0B 6A 73 6F 6E "
            "3A 6F 62 6A 65 63 74 07 01 4E 01 6B 02 09 6A 73 6F 6E 3A 62 6F 6F 6C 00 01");
  EXPECT_EQ(prism::bin::read<value>(unhex("1E 02 09 6A 73 6F 6E 3A 6E 75 6C 6C 08 00")).value(), value());
}

TEST(BinValue, EveryAcceptedCaseRoundTrips) {
  const auto all = jsontestsuite::cases('y');
  ASSERT_EQ(all.size(), 95u);
  for (const fs::path& f : all) {
    SCOPED_TRACE(f.filename().string());
    const value v = json(jsontestsuite::read_file(f));
    auto doc = prism::bin::to_bytes(v);
    ASSERT_TRUE(doc) << doc.error().message();
    auto back = prism::bin::read<value>(*doc);
    ASSERT_TRUE(back) << back.error().message();
    EXPECT_EQ(*back, v);
    EXPECT_EQ(prism::json::to_string(*back).value(), prism::json::to_string(v).value());  // numbers as written
  }
}

struct envelope {
  std::string id;
  value payload;
  std::vector<value> history;
  std::optional<value> note;
  std::map<std::string, value> extensions;
};

TEST(BinValue, IsAFieldLikeAnyOther) {
  envelope e{"x", json(R"({"a":[1,2.50,1e400,-0,"s",null,true],"b":{}})"), {json("[]"), json("{}"), value()},
             json("123456789012345678901234567890"), {{"k", json(R"({"deep":[[[]]]})")}}};
  auto doc = prism::bin::to_bytes(e).value();
  auto back = prism::bin::read<envelope>(doc);
  ASSERT_TRUE(back) << back.error().message();
  EXPECT_EQ(back->payload, e.payload);
  EXPECT_EQ(back->history, e.history);
  ASSERT_TRUE(back->note);
  EXPECT_EQ(*back->note, *e.note);
  EXPECT_EQ(back->extensions, e.extensions);
  EXPECT_EQ(prism::json::to_string(back->payload).value(), R"({"a":[1,2.50,1e400,-0,"s",null,true],"b":{}})");
}

struct shape {
  std::variant<int, std::string> either;
  std::map<int, double> by_id;
  std::optional<float> ratio;
  std::vector<std::byte> blob;
};

TEST(BinValue, TypedDocumentsReadAsJsonShowsThem) {
  auto doc = prism::bin::to_bytes(shape{std::string("x"), {{-1, 2.5}}, 0.1f, {std::byte{'h'}, std::byte{'i'}}}).value();
  EXPECT_EQ(prism::json::to_string(prism::bin::read<value>(doc).value()).value(),
            R"({"1":{"string":"x"},"2":{"-1":2.5},"3":0.1,"4":"hi"})");
}

// Shared objects: each reference shows the object (JSON has no sharing); a reference from inside an object to
// itself is null.
struct link {
  int v = 0;
  std::shared_ptr<link> next;
  std::weak_ptr<link> back;
};
struct two_links {
  std::shared_ptr<link> a, b;
};

TEST(BinValue, SharedObjectsAreRepeatedAndCyclesCut) {
  auto n = std::make_shared<link>();
  n->v = 5;
  n->next = std::make_shared<link>();
  n->next->v = 6;
  n->next->back = n;
  auto doc = prism::bin::to_bytes(two_links{n, n}).value();
  auto v = prism::bin::read<value>(doc);
  ASSERT_TRUE(v) << v.error().message();
  EXPECT_EQ(prism::json::to_string(*v).value(), R"({"1":{"1":5,"2":{"1":6,"3":null}},"2":{"1":5,"2":{"1":6,"3":null}}})");
}

// The golden files (tests/golden/bin): each reads into a value whose JSON form reads back into the same value
// (strings that are no UTF-8 and NaN or infinities excepted: JSON shows them as U+FFFD and null).
TEST(BinValue, GoldenFilesHaveAJsonForm) {
  std::size_t files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(fs::path(PRISM_SOURCE_DIR) / "tests/golden/bin")) {
    if (entry.path().extension() != ".bin") continue;
    SCOPED_TRACE(entry.path().string());
    ++files;
    const std::string raw = jsontestsuite::read_file(entry.path());
    std::vector<std::byte> doc(raw.size());
    std::memcpy(doc.data(), raw.data(), raw.size());
    auto v = prism::bin::read<value>(doc);
    ASSERT_TRUE(v) << v.error().message();
    auto text = prism::json::to_string(*v, {.nonfinite_as_null = true, .replace_invalid_utf8 = true});
    ASSERT_TRUE(text) << text.error().message();
    const value again = json(*text);
    EXPECT_EQ(prism::json::to_string(again).value(), *text);
    if (prism::json::to_string(*v)) {
      EXPECT_EQ(again, *v);  // all its strings UTF-8, all its numbers finite: nothing lost
    }
  }
  EXPECT_GE(files, 8u);
}

TEST(BinValue, HostileInputFailsCleanly) {
  auto fails = [](std::string_view h, prism::error_code code) {
    auto r = prism::bin::read<value>(unhex(h));
    ASSERT_FALSE(r) << h;
    EXPECT_EQ(r.error().code, code) << r.error().message();
  };
  fails("1E 02 09 6A 73 6F 6E 3A 62 6F 6F 6C 00 02", prism::error_code::invalid_value);  // json:bool 2
  fails("1E 02 09 6A 73 6F 6E 3A 62 6F 6F 6C 04 01 61", prism::error_code::type_mismatch);  // json:bool as bytes
  fails("1E 02 0B 6A 73 6F 6E 3A 6E 75 6D 62 65 72 04 03 61 62 63", prism::error_code::invalid_value);  // "abc"
  fails("1E 02 0B 6A 73 6F 6E 3A 6E 75 6D 62 65 72 04 03 30 31 32", prism::error_code::invalid_value);  // "012"
  fails("1E 02 0A 6A 73 6F 6E 3A 61 72 72 61 79 04 00", prism::error_code::type_mismatch);  // an array as bytes
  fails("1E 02 0A 6A 73 6F 6E 3A 61 72 72 61 79 06 2E", prism::error_code::unexpected_end);
  fails("17 01 50 00 00", prism::error_code::type_mismatch);  // a map with record keys
  // nesting past max_depth, and elements past max_alloc_bytes
  std::string deep;
  for (int i = 0; i < 600; ++i) deep += "[";
  for (int i = 0; i < 600; ++i) deep += "]";
  auto doc = prism::bin::to_bytes(prism::json::read<value>(std::string_view(deep), {.max_depth = 700}).value(),
                                 {.max_depth = 1300}).value();
  auto too_deep = prism::bin::read<value>(doc);
  ASSERT_FALSE(too_deep);
  EXPECT_EQ(too_deep.error().code, prism::error_code::depth_exceeded);
  // the writer and the reader count nesting alike: an array or object is two levels (its choice, its container)
  const value three = json("[[[1]]]");
  EXPECT_TRUE(prism::bin::to_bytes(three, {.max_depth = 7}));
  EXPECT_EQ(prism::bin::to_bytes(three, {.max_depth = 6}).error().code, prism::error_code::depth_exceeded);
  auto three_bytes = prism::bin::to_bytes(three).value();
  EXPECT_TRUE(prism::bin::read<value>(three_bytes, {.max_depth = 7}));
  EXPECT_EQ(prism::bin::read<value>(three_bytes, {.max_depth = 6}).error().code, prism::error_code::depth_exceeded);
  std::string zeros = "[";
  for (int i = 0; i < 1000; ++i) zeros += i ? ",0" : "0";
  auto many = prism::bin::to_bytes(json(zeros + "]")).value();
  auto capped = prism::bin::read<value>(many, {.max_alloc_bytes = 1000});
  ASSERT_FALSE(capped);
  EXPECT_EQ(capped.error().code, prism::error_code::limit_exceeded);
  // every truncation of a document fails, none crashes
  auto whole = prism::bin::to_bytes(envelope{"x", json(R"({"a":[1,2.50,"s",{"k":[true,null]}]})"), {}, {}, {}}).value();
  for (std::size_t n = 0; n < whole.size(); ++n)
    EXPECT_FALSE(prism::bin::read<value>(std::span(whole.data(), n))) << n;
}

}  // namespace
