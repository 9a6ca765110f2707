// The typed reader's behaviour beyond round trips: strictness, numbers at their limits, strings and their
// zero-copy and interning rules, objects (unknown, missing, required, duplicate keys), limits against hostile
// input, and errors that say what, where (path, line, column, offset) and what was expected.
#include <prism/prism.hpp>

#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <deque>
#include <limits>
#include <list>
#include <map>
#include <sstream>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace app {

struct large_element {  // ten thousand bytes made from the two of "{}"
  std::array<char, 10000> pad{};
  int x = 0;
};

enum class color { red, green, blue };

struct address {
  std::string city;
  int zip = 0;
};

struct user {
  std::string name;
  int age = 0;
  std::optional<std::string> email;
  std::vector<address> addresses;
};

struct users_doc {
  std::vector<user> users;
};

struct counters {
  std::int8_t small = 7;
  std::uint16_t medium = 8;
  double ratio = 0.5;
};

/// A class with a required field and a setter, described beside it.
class account {
 public:
  const std::string& id() const { return id_; }
  long cents() const { return cents_; }
  void set_cents(long c) { cents_ = c; }

 private:
  std::string id_;
  long cents_ = 0;
  friend constexpr auto prism_describe(prism::type_t<account>) {
    return prism::fields(prism::field("id", &account::id_).required(), prism::field("cents", &account::cents, &account::set_cents),
                         prism::computed<account>("euros", [](const account& a) { return a.cents_ / 100; }));
  }
};

struct views {
  std::string_view name;
  std::vector<std::string_view> tags;
};

}  // namespace app

namespace {

using prism::error_code;
using prism::json::read;
using prism::json::read_into;
using prism::json::read_options;

template <class T>
prism::error read_error(std::string_view text, const read_options& o = {}) {
  auto r = read<T>(text, o);
  EXPECT_FALSE(r.has_value()) << text;
  return r.has_value() ? prism::error{} : r.error();
}

// ---- errors say what and where ------------------------------------------------------------------------

TEST(ReadErrors, MessageNamesExpectedFoundPathLineAndColumn) {
  std::string text = "{\"users\": [\n  {\"name\": \"a\", \"age\": 1},\n  {\"name\": \"b\",\n   \"age\": \"old\"}]}";
  auto e = read_error<app::users_doc>(text);
  EXPECT_EQ(e.code, error_code::type_mismatch);
  EXPECT_EQ(e.path, "$.users[1].age");
  EXPECT_EQ(e.line, 4u);
  EXPECT_EQ(e.column, 11u);
  EXPECT_EQ(e.offset, text.find("\"old\""));
  EXPECT_EQ(e.message(), "expected integer, found string at $.users[1].age (line 4, column 11)");
}

TEST(ReadErrors, ColumnsCountCharactersNotBytes) {
  auto e = read_error<app::user>("{\"name\": \"日本\", \"age\": true}");
  EXPECT_EQ(e.column, 23u);  // "日本" is 2 characters, 6 bytes
  EXPECT_EQ(e.path, "$.age");
}

TEST(ReadErrors, PathsThroughMapsAndNesting) {
  auto e = read_error<std::map<std::string, std::vector<int>>>(R"({"a": [1], "b c": [1, 2, null]})");
  EXPECT_EQ(e.path, "$[\"b c\"][2]");
  EXPECT_EQ(e.message(), "expected integer, found null at $[\"b c\"][2] (line 1, column 26)");
}

TEST(ReadErrors, SyntaxErrors) {
  struct sample {
    std::string_view text;
    error_code code;
    std::size_t offset;
  } cases[] = {
      {"[1,]", error_code::syntax_error, 3},  // a closing bracket where a value belongs
      {"[1 2]", error_code::syntax_error, 3},
      {"[01]", error_code::syntax_error, 2},
      {"[1.]", error_code::syntax_error, 3},
      {"[-]", error_code::syntax_error, 2},
      {"[1e]", error_code::syntax_error, 3},
      {"[1", error_code::unexpected_end, 2},
      {"", error_code::unexpected_end, 0},
      {"[1] x", error_code::trailing_content, 4},
      {"[1] [2]", error_code::trailing_content, 4},
  };
  for (const auto& c : cases) {
    auto e = read_error<std::vector<int>>(c.text);
    EXPECT_EQ(e.code, c.code) << c.text << ": " << e.message();
    EXPECT_EQ(e.offset, c.offset) << c.text << ": " << e.message();
  }
}

TEST(ReadErrors, ThrowingConvenience) {
  EXPECT_THROW((void)read<int>("\"x\"").value(), prism::error_exception);
  EXPECT_EQ(read<int>(" 42 ").value(), 42);
}

// ---- numbers ---------------------------------------------------------------------------------------------

template <class I>
class IntegerLimits : public ::testing::Test {};
using integer_types = ::testing::Types<std::int8_t, std::uint8_t, std::int16_t, std::uint16_t, std::int32_t,
                                       std::uint32_t, std::int64_t, std::uint64_t, long long, unsigned long long>;
TYPED_TEST_SUITE(IntegerLimits, integer_types);

TYPED_TEST(IntegerLimits, ExactAtTheLimitsAndErrorsBeyond) {
  using I = TypeParam;
  using L = std::numeric_limits<I>;
  EXPECT_EQ(read<I>(std::to_string(L::max())).value(), L::max());
  EXPECT_EQ(read<I>(std::to_string(L::min())).value(), L::min());
  EXPECT_EQ(read<I>("0").value(), I{0});
  EXPECT_EQ(read<I>("-0").value(), I{0});
  // one past each end (as text, so 64-bit limits work too)
  auto plus_one = [](std::string s) {
    int i = static_cast<int>(s.size()) - 1;
    while (i >= 0 && s[static_cast<std::size_t>(i)] == '9') s[static_cast<std::size_t>(i--)] = '0';
    if (i < 0 || s[static_cast<std::size_t>(i)] == '-') s.insert(static_cast<std::size_t>(i + 1), "1");
    else ++s[static_cast<std::size_t>(i)];
    return s;
  };
  EXPECT_EQ(read_error<I>(plus_one(std::to_string(L::max()))).code, error_code::out_of_range);
  std::string below = std::is_signed_v<I> ? plus_one(std::to_string(L::min())) : "-1";
  EXPECT_EQ(read_error<I>(below).code, error_code::out_of_range) << below;
  EXPECT_EQ(read_error<I>("123456789012345678901234567890").code, error_code::out_of_range);
  EXPECT_EQ(read_error<I>("1.5").code, error_code::type_mismatch);
  EXPECT_EQ(read_error<I>("1e3").code, error_code::type_mismatch);
  EXPECT_EQ(read_error<I>("\"1\"").code, error_code::type_mismatch);
}

TEST(ReadNumbers, OutOfRangeMessageNamesTheTarget) {
  auto e = read_error<std::int8_t>("300");
  EXPECT_EQ(e.message(), "number 300 out of range for int8 at $ (line 1, column 1)");
}

TEST(ReadNumbers, DoublesCorrectlyRounded) {
  struct {
    const char* text;
    double value;
  } cases[] = {
      {"0", 0.0},
      {"-0.0", -0.0},
      {"1", 1.0},
      {"0.1", 0.1},
      {"3.14159", 3.14159},
      {"1e308", 1e308},
      {"1.7976931348623157e308", 1.7976931348623157e308},
      {"2.2250738585072014e-308", 2.2250738585072014e-308},
      {"4.9406564584124654e-324", 4.9406564584124654e-324},  // the smallest subnormal
      {"2.4703282292062327e-324", 0.0},                      // just under half of it rounds to zero
      {"2.4703282292062328e-324", 4.9406564584124654e-324},  // just over rounds up
      {"9007199254740993", 9007199254740992.0},              // 2^53 + 1: the tie rounds to even
      {"9007199254740993.0000000000000000001", 9007199254740994.0},  // more than 19 digits decide the tie
      {"0.30000000000000004", 0.30000000000000004},
      {"123456789012345678901234567890", 1.2345678901234568e29},
      {"1e-400", 0.0},
      {"-65.613616999999977", -65.613616999999977},
  };
  for (const auto& c : cases) {
    auto r = read<double>(c.text);
    ASSERT_TRUE(r.has_value()) << c.text << ": " << r.error().message();
    EXPECT_EQ(std::bit_cast<std::uint64_t>(*r), std::bit_cast<std::uint64_t>(c.value)) << c.text;
  }
  EXPECT_EQ(read_error<double>("1e309").code, error_code::out_of_range);
  EXPECT_EQ(read_error<float>("3.5e38").code, error_code::out_of_range);
  EXPECT_EQ(read<float>("3.4028235e38").value(), std::numeric_limits<float>::max());
  EXPECT_EQ(read<float>("1.17549435e-38").value(), std::numeric_limits<float>::min());
}

TEST(ReadNumbers, RandomDoublesAndFloatsAgreeWithTheStandardLibrary) {
  std::mt19937_64 rng(11);
  char buf[64];
  for (int i = 0; i < 200000; ++i) {
    double d = std::bit_cast<double>(rng());
    if (!std::isfinite(d)) continue;
    // shortest text, 17 digits and 25 digits: all must read back as strtod does
    for (int digits : {0, 17, 25}) {
      int n = digits == 0 ? static_cast<int>(std::to_chars(buf, buf + sizeof buf, d).ptr - buf)
                          : std::snprintf(buf, sizeof buf, "%.*e", digits - 1, d);
      std::string_view text(buf, static_cast<std::size_t>(n));
      auto r = read<double>(text);
      ASSERT_TRUE(r.has_value()) << text;
      double expected = std::strtod(std::string(text).c_str(), nullptr);
      ASSERT_EQ(std::bit_cast<std::uint64_t>(*r), std::bit_cast<std::uint64_t>(expected)) << text;
    }
    float f = std::bit_cast<float>(static_cast<std::uint32_t>(rng()));
    if (!std::isfinite(f)) continue;
    auto n = std::to_chars(buf, buf + sizeof buf, f).ptr - buf;
    auto rf = read<float>(std::string_view(buf, static_cast<std::size_t>(n)));
    ASSERT_TRUE(rf.has_value());
    ASSERT_EQ(std::bit_cast<std::uint32_t>(*rf), std::bit_cast<std::uint32_t>(f)) << std::string_view(buf, static_cast<std::size_t>(n));
  }
}

TEST(ReadNumbers, NumbersAsStringsOnlyByOption) {
  EXPECT_EQ(read_error<std::string>("12.50").code, error_code::type_mismatch);
  EXPECT_EQ(read<std::string>("12.50", {.numbers_as_strings = true}).value(), "12.50");
}

// ---- strings ---------------------------------------------------------------------------------------------

TEST(ReadStrings, EveryEscapeAndSurrogatePairs) {
  EXPECT_EQ(read<std::string>(R"("\"\\\/\b\f\n\r\t")").value(), "\"\\/\b\f\n\r\t");
  EXPECT_EQ(read<std::string>(R"("\u0041\u00e9\u65e5\uD834\uDD1E")").value(), "Aé日\xF0\x9D\x84\x9E");
  EXPECT_EQ(read<std::string>(R"("\u0000")").value(), std::string(1, '\0'));
  EXPECT_EQ(read_error<std::string>(R"("\uD834")").code, error_code::invalid_string);
  EXPECT_EQ(read_error<std::string>(R"("\uDD1E\uD834")").code, error_code::invalid_string);
  EXPECT_EQ(read_error<std::string>(R"("\x")").code, error_code::invalid_string);
  EXPECT_EQ(read_error<std::string>(R"("\u12G4")").code, error_code::invalid_string);
  EXPECT_EQ(read_error<std::string>("\"a\tb\"").code, error_code::invalid_string);
  EXPECT_EQ(read<std::string>(R"("\uD834x")", {.replace_invalid_utf8 = true}).value(), "\xEF\xBF\xBDx");
}

TEST(ReadStrings, InvalidUtf8RejectedOrReplaced) {
  // long enough that the 16-byte blocks see the bad byte at every offset
  for (std::size_t at = 0; at < 40; ++at) {
    std::string body(40, 'a');
    body[at] = '\xC3';  // a lead byte followed by ASCII: broken
    std::string text = "\"" + body + "\"";
    auto e = read_error<std::string>(text);
    EXPECT_EQ(e.code, error_code::invalid_utf8) << at;
    EXPECT_EQ(e.offset, at + 1) << at;
    std::string expected = body;
    expected.replace(at, 1, "\xEF\xBF\xBD");
    EXPECT_EQ(read<std::string>(text, {.replace_invalid_utf8 = true}).value(), expected) << at;
  }
  EXPECT_EQ(read_error<std::string>("\"\xED\xA0\x80\"").code, error_code::invalid_utf8);  // an encoded surrogate
  EXPECT_EQ(read_error<std::string>("\"\xC0\xAF\"").code, error_code::invalid_utf8);      // overlong
  EXPECT_EQ(read<std::string>("\"\xF0\x9F\x98\x80\"").value(), "\xF0\x9F\x98\x80");
}

TEST(ReadStrings, StringViewsPointIntoTheInputWithoutEscapes) {
  std::string text = R"({"name": "plain", "tags": ["a", "b"]})";
  auto r = read<app::views>(text);
  ASSERT_TRUE(r.has_value()) << r.error().message();
  EXPECT_EQ(r->name, "plain");
  EXPECT_EQ(r->name.data(), text.data() + text.find("plain"));
  EXPECT_EQ(r->tags[1].data(), text.data() + text.find("b\""));
  // escaped text has no place in the input to view: an error that says what to do
  auto e = read_error<app::views>(R"({"name": "tab\there"})");
  EXPECT_EQ(e.code, error_code::invalid_value);
  EXPECT_NE(e.detail.find("read_options::strings"), std::string::npos);
}

TEST(ReadStrings, InterningIntoACallersPool) {
  prism::string_pool pool;
  std::string text = R"({"name": "tab\there", "tags": ["x", "y", "x", "tab\there"]})";
  auto r = read<app::views>(text, {.strings = &pool});
  ASSERT_TRUE(r.has_value()) << r.error().message();
  EXPECT_EQ(r->name, "tab\there");
  EXPECT_EQ(r->tags[0].data(), r->tags[2].data());  // repeated values are stored once
  EXPECT_EQ(r->tags[3].data(), r->name.data());
  EXPECT_EQ(pool.size(), 3u);
  text.assign(text.size(), '#');  // the views outlive the input
  EXPECT_EQ(r->tags[1], "y");
}

TEST(ReadStrings, FixedCapacityTargets) {
  EXPECT_EQ(read<prism::short_string<4>>("\"abcd\"").value().view(), "abcd");
  EXPECT_EQ(read_error<prism::short_string<4>>("\"abcde\"").code, error_code::out_of_range);
  EXPECT_EQ(read<char>("\"x\"").value(), 'x');
  EXPECT_EQ(read_error<char>("\"xy\"").code, error_code::invalid_value);
}

// ---- objects -------------------------------------------------------------------------------------------

TEST(ReadObjects, UnknownKeysSkippedButValidatedOrRejected) {
  std::string text = R"({"name": "a", "extra": {"deep": [1, 2, {"x": null}]}, "age": 3})";
  auto r = read<app::user>(text);
  ASSERT_TRUE(r.has_value()) << r.error().message();
  EXPECT_EQ(r->age, 3);
  auto bad = read_error<app::user>(R"({"name": "a", "extra": [1, 2,], "age": 3})");
  EXPECT_EQ(bad.code, error_code::syntax_error);
  EXPECT_EQ(bad.path, "$.extra");
  auto strict = read_error<app::user>(text, {.reject_unknown_fields = true});
  EXPECT_EQ(strict.code, error_code::unknown_field);
  EXPECT_EQ(strict.path, "$.extra");
  EXPECT_EQ(strict.message(), "unknown field \"extra\" in user at $.extra (line 1, column 15)");
}

// A large unknown value (here 2-3 KiB, like a tweet's retweeted status) is skipped 64 bytes at a time on CPUs with
// AVX2 once its first bytes show mostly strings: still validated whole, an error in it found at its byte, whatever
// its offset within a block.
TEST(ReadObjects, LargeUnknownValuesSkippedAndValidated) {
  // members of an object, each a line: the value's first 512 bytes or more, and the rest
  std::string front, back;
  for (int i = 0; i < 40; ++i) {
    (front.size() < 512 ? front : back) +=
        "\"key" + std::to_string(i) + "\": [\"text with \\\"escapes\\\" \\u00e9\\ud83d\\ude00 and 日本語\", " +
        std::to_string(i * 1000003) + ".5e-3, true, null, {\"n\": {}}, []],\n    ";
  }
  back += "\"last\": \"end\"";
  const std::string head = R"({"name": "a", "extra": {)", tail = R"(}, "age": 3})";
  auto r = read<app::user>(head + front + back + tail);
  ASSERT_TRUE(r.has_value()) << r.error().message();
  EXPECT_EQ(r->age, 3);
  // A member with an error after the first 512 bytes, a string of 0 to 63 bytes before it putting the error at each
  // offset of a block.
  struct fault {
    const char* text;
    std::size_t at;  // the error's offset in text
    error_code code;
  };
  const fault faults[] = {
      {"\"\x01\"", 1, error_code::invalid_string}, {"\"\\q\"", 1, error_code::invalid_string},
      {"\"\\ud800\"", 1, error_code::invalid_string}, {"\"\xC3(\"", 1, error_code::invalid_utf8},
      {"[1,]", 3, error_code::syntax_error},        {"tru", 0, error_code::syntax_error},
      {"1.", 2, error_code::syntax_error},          {"{\"a\" 1}", 5, error_code::syntax_error},
      {"[1}", 2, error_code::syntax_error},         {"1x", 1, error_code::syntax_error},
  };
  for (const fault& f : faults) {
    for (std::size_t shift = 0; shift < 64; ++shift) {
      const std::string before = "\"pad\": \"" + std::string(shift, 'y') + "\", \"fault\": ";
      auto e = read_error<app::user>(head + front + before + f.text + ", " + back + tail);
      EXPECT_EQ(e.code, f.code) << f.text << " at " << shift << ": " << e.message();
      EXPECT_EQ(e.offset, head.size() + front.size() + before.size() + f.at) << f.text << " at " << shift;
      EXPECT_EQ(e.path, "$.extra") << f.text << " at " << shift;
    }
  }
  // nesting deeper than the blocks keep (64 levels) is fine; deeper than max_depth is an error where it happens
  const std::string nested = head + front + "\"deep\": " + std::string(70, '[') + std::string(70, ']') + ", " + back + tail;
  EXPECT_TRUE(read<app::user>(nested).has_value());
  auto deep = read_error<app::user>(nested, {.max_depth = 40});
  EXPECT_EQ(deep.code, error_code::depth_exceeded);
  // the top object and "extra" are two levels: the 39th bracket is the 41st, one past the limit
  EXPECT_EQ(deep.offset, head.size() + front.size() + 8 + 38);
}

TEST(ReadObjects, MissingFieldsKeepTheirValuesUnlessRequired) {
  app::counters c;
  c.medium = 99;
  ASSERT_TRUE(read_into(R"({"small": 1})", c).has_value());
  EXPECT_EQ(c.small, 1);
  EXPECT_EQ(c.medium, 99);  // absent: untouched
  EXPECT_EQ(c.ratio, 0.5);
  auto e = read_error<app::counters>(R"({"small": 1})", {.require_all_fields = true});
  EXPECT_EQ(e.code, error_code::missing_field);
  EXPECT_EQ(e.message(), "missing required field \"medium\" in counters at $ (line 1, column 12)");
  // optionals never have to be present
  EXPECT_TRUE(read<app::user>(R"({"name": "a", "age": 1, "addresses": []})", {.require_all_fields = true}).has_value());
}

TEST(ReadObjects, ReusedElementsComeOutAsFreshOnes) {
  app::users_doc doc;
  ASSERT_TRUE(read_into(R"({"users": [{"name": "a", "age": 1, "email": "a@x", "addresses": [{"city": "c", "zip": 9}]},
                                      {"name": "b", "age": 2}]})", doc).has_value());
  const std::string* storage = &doc.users[0].name;
  // the second document leaves fields out: reused elements must not keep the first document's values
  ASSERT_TRUE(read_into(R"({"users": [{"name": "z"}]})", doc).has_value());
  ASSERT_EQ(doc.users.size(), 1u);
  EXPECT_EQ(&doc.users[0].name, storage);  // read in place
  EXPECT_EQ(doc.users[0].name, "z");
  EXPECT_EQ(doc.users[0].age, 0);
  EXPECT_FALSE(doc.users[0].email.has_value());
  EXPECT_TRUE(doc.users[0].addresses.empty());
  std::vector<app::counters> many(3);
  many[1].small = 100;
  ASSERT_TRUE(read_into(R"([{}, {"ratio": 2}])", many).has_value());
  ASSERT_EQ(many.size(), 2u);
  EXPECT_EQ(many[1].small, 7);  // the default member initializer, not the old 100
  EXPECT_EQ(many[1].ratio, 2.0);
}

TEST(ReadObjects, RequiredPerFieldSettersAndComputedFields) {
  auto a = read<app::account>(R"({"id": "x1", "cents": 250, "euros": 2})");
  ASSERT_TRUE(a.has_value()) << a.error().message();
  EXPECT_EQ(a->id(), "x1");
  EXPECT_EQ(a->cents(), 250);
  auto e = read_error<app::account>(R"({"cents": 250})");
  EXPECT_EQ(e.code, error_code::missing_field);
  // the computed field is known, so even the strict mode accepts it (and ignores its value)
  EXPECT_TRUE(read<app::account>(R"({"id": "x", "euros": 9})", {.reject_unknown_fields = true}).has_value());
}

TEST(ReadObjects, OptionalTellsMissingFromNullFromPresent) {
  app::user u;
  u.email = "kept@example.com";
  ASSERT_TRUE(read_into(R"({"name": "a"})", u).has_value());
  EXPECT_EQ(u.email, "kept@example.com");  // missing: untouched
  ASSERT_TRUE(read_into(R"({"email": null})", u).has_value());
  EXPECT_FALSE(u.email.has_value());  // null: empty
  ASSERT_TRUE(read_into(R"({"email": "b@example.com"})", u).has_value());
  EXPECT_EQ(u.email, "b@example.com");
}

TEST(ReadObjects, DuplicateKeysTheLastWins) {
  auto r = read<app::user>(R"({"name": "a", "age": 1, "name": "b", "addresses": [{"city": "x"}], "addresses": []})");
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->name, "b");
  EXPECT_TRUE(r->addresses.empty());
  auto m = read<std::map<std::string, std::vector<int>>>(R"({"k": [1, 2], "k": [3]})");
  EXPECT_EQ(m.value().at("k"), std::vector<int>{3});
}

TEST(ReadObjects, KeysInAnyOrderAndEscapedKeys) {
  auto r = read<app::address>(R"({"zip": 8000, "c\u0069ty": "Z"})");
  ASSERT_TRUE(r.has_value()) << r.error().message();
  EXPECT_EQ(r->city, "Z");
  EXPECT_EQ(r->zip, 8000);
}

// Keys in declaration order take a path with no key lookup; the first other key hands over to the general loop.
// Each way of leaving that path, and each error on it, must come out as it does on the general loop.
TEST(ReadObjects, KeysInOrderThenAnyOtherOrder) {
  auto r = read<app::user>(R"({"name": "a", "age": 1, "addresses": [{"city": "c", "zip": 2}], "email": "e"})");
  ASSERT_TRUE(r.has_value()) << r.error().message();
  EXPECT_EQ(r->name, "a");
  EXPECT_EQ(r->age, 1);
  EXPECT_EQ(r->email, "e");
  ASSERT_EQ(r->addresses.size(), 1u);
  EXPECT_EQ(r->addresses[0].zip, 2);
  r = read<app::user>(R"({"name": "a", "extra": {"age": 9}, "age": 3})");  // an unknown key after the first
  ASSERT_TRUE(r.has_value()) << r.error().message();
  EXPECT_EQ(r->age, 3);
  r = read<app::user>(R"({"name": "a", "age": 1, "name": "b"})");  // a key repeated after an in-order run
  ASSERT_TRUE(r.has_value()) << r.error().message();
  EXPECT_EQ(r->name, "b");
  EXPECT_EQ(r->age, 1);
  // errors on the in-order path: in a value, at a colon, at the end of the input
  auto e = read_error<app::user>(R"({"name": "a", "age": "x"})");
  EXPECT_EQ(e.code, error_code::type_mismatch);
  EXPECT_EQ(e.path, "$.age");
  e = read_error<app::users_doc>(R"({"users": [{"name": "a", "addresses": [{"city": "c", "zip": true}]}]})");
  EXPECT_EQ(e.path, "$.users[0].addresses[0].zip");
  e = read_error<app::user>(R"({"name": "a", "age" 1})");
  EXPECT_EQ(e.code, error_code::syntax_error);
  EXPECT_EQ(e.column, 21u);
  e = read_error<app::user>(R"({"name": "a", "age": 1)");
  EXPECT_EQ(e.code, error_code::unexpected_end);
  e = read_error<app::user>(R"({"name": "a" "age": 1})");
  EXPECT_EQ(e.code, error_code::syntax_error);
  // a reused element whose document stops after an in-order run: the rest as a fresh element has it
  app::users_doc doc;
  ASSERT_TRUE(read_into(R"({"users": [{"name": "a", "age": 1, "email": "e", "addresses": [{"city": "c"}]}]})", doc).has_value());
  ASSERT_TRUE(read_into(R"({"users": [{"name": "z", "age": 5}]})", doc).has_value());
  EXPECT_EQ(doc.users[0].age, 5);
  EXPECT_FALSE(doc.users[0].email.has_value());
  EXPECT_TRUE(doc.users[0].addresses.empty());
  // fields still missing after an in-order run
  e = read_error<app::counters>(R"({"small": 1, "medium": 2})", {.require_all_fields = true});
  EXPECT_EQ(e.code, error_code::missing_field);
  EXPECT_EQ(e.message(), "missing required field \"ratio\" in counters at $ (line 1, column 25)");
  EXPECT_TRUE(read<app::account>(R"({"cents": 1, "id": "x"})").has_value());
  EXPECT_EQ(read_error<app::account>(R"({"cents": 1, "euros": 0})").code, error_code::missing_field);
}

TEST(ReadObjects, EnumsByNameOrNumber) {
  EXPECT_EQ(read<app::color>("\"blue\"").value(), app::color::blue);
  auto e = read_error<app::color>("\"purple\"");
  EXPECT_EQ(e.code, error_code::unknown_enumerator);
  EXPECT_EQ(e.detail, "unknown enumerator \"purple\" for color");
  EXPECT_EQ(read<app::color>("2", {.enums_as_numbers = true}).value(), app::color::blue);
  EXPECT_EQ((read<std::map<app::color, int>>(R"({"green": 1})").value().at(app::color::green)), 1);
  EXPECT_EQ((read<std::map<int, int>>(R"({"-5": 1})").value().at(-5)), 1);
  EXPECT_EQ((read_error<std::map<int, int>>(R"({"x": 1})").code), error_code::type_mismatch);
}

TEST(ReadObjects, FixedSizeArraysWantTheirExactLength) {
  EXPECT_EQ((read<std::array<int, 2>>("[1, 2]").value()), (std::array<int, 2>{1, 2}));
  EXPECT_EQ((read_error<std::array<int, 2>>("[1]").detail), "expected 2 elements, found 1");
  EXPECT_EQ((read_error<std::array<int, 2>>("[1, 2, 3]").detail), "expected 2 elements, found more");
  // an element missing where one was due: the count, not what the element's reader expected
  const prism::error empty = read_error<std::array<int, 2>>("[ ]");
  EXPECT_EQ(empty.code, error_code::type_mismatch);
  EXPECT_EQ(empty.detail, "expected 2 elements, found 0");
  EXPECT_EQ(empty.column, 3u);
  EXPECT_EQ(empty.path, "$");
  EXPECT_EQ((read_error<std::array<double, 2>>("[1.5,]").detail), "expected 2 elements, found 1");
  EXPECT_EQ((read_error<std::array<std::string, 2>>("[\"a\", 7]").detail), "expected string, found number");
  EXPECT_EQ((read_error<std::tuple<int, std::string>>("[1]").detail), "expected 2 elements, found 1");
}

// Short arrays of numbers (coordinates) have a reader of their own for their usual text, which hands anything else
// to the general one: both must give the same values and the same errors.
TEST(ReadObjects, NumberArraysReadAsAnyArrayDoes) {
  for (std::string_view text : {"[1,2]", "[ -1.5 , 2e3 ]", "[\n 0.1,\t-0\r\n]", "[1.00000000000000000000001, 2]",
                                "[123456789012345678901234, 5e-324]", "[1E+2, 2.5e-1]"}) {
    const std::vector<double> general = read<std::vector<double>>(text).value();
    ASSERT_EQ(general.size(), 2u) << text;
    const auto pair = read<std::array<double, 2>>(text);
    ASSERT_TRUE(pair.has_value()) << text << ": " << pair.error().message();
    EXPECT_EQ(pair.value()[0], general[0]) << text;
    EXPECT_EQ(pair.value()[1], general[1]) << text;
    const auto floats = read<std::array<float, 2>>(text);
    ASSERT_TRUE(floats.has_value()) << text;
    EXPECT_EQ(floats.value()[1], read<std::vector<float>>(text).value()[1]) << text;
  }
  const auto in_vector = [](std::string_view text, const read_options& o = {}) {
    return read_error<std::vector<std::array<double, 2>>>(text, o);
  };
  EXPECT_EQ(in_vector("[[1, 2], [3]]").message(), "expected 2 elements, found 1 at $[1] (line 1, column 12)");
  EXPECT_EQ(in_vector("[[1, 2], [3, 4, 5]]").detail, "expected 2 elements, found more");
  EXPECT_EQ(in_vector("[[1, 2], [3 4]]").message(), "expected ',' or ']', found number at $[1] (line 1, column 13)");
  EXPECT_EQ(in_vector("[[1, 2], [3, 1e999]]").message(),
            "number 1e999 too large for double at $[1][1] (line 1, column 14)");
  EXPECT_EQ(in_vector("[[1, 2], [-01, 4]]").code, error_code::syntax_error);
  EXPECT_EQ(in_vector("[[1, 2], [\"3\", 4]]").detail, "expected number, found string");
  EXPECT_EQ(in_vector("[[1, 2], [3, 4").code, error_code::unexpected_end);
  EXPECT_EQ(in_vector("[[1, 2]]", {.max_depth = 1}).code, error_code::depth_exceeded);
  EXPECT_TRUE((read<std::vector<std::array<double, 2>>>("[[1, 2]]", {.max_depth = 2}).has_value()));
}

// Vectors and deques of numbers too; a std::list, which has no operator[], is read by the general reader alone.
template <class E>
void expect_list_reading(std::string_view text) {
  const auto general = read<std::list<E>>(text);
  const auto vector = read<std::vector<E>>(text);
  const auto deque = read<std::deque<E>>(text);
  ASSERT_EQ(vector.has_value(), general.has_value()) << text;
  ASSERT_EQ(deque.has_value(), general.has_value()) << text;
  if (!general) {
    EXPECT_EQ(vector.error().message(), general.error().message()) << text;
    EXPECT_EQ(deque.error().message(), general.error().message()) << text;
    return;
  }
  EXPECT_TRUE(std::equal(general->begin(), general->end(), vector->begin(), vector->end())) << text;
  EXPECT_TRUE(std::equal(general->begin(), general->end(), deque->begin(), deque->end())) << text;
}

TEST(ReadObjects, NumberListsReadAsAnyListDoes) {
  for (std::string_view text :
       {"[]", "[ ]", "[0]", "[1, -2 ,3\n]", "[-0]", "[127, -128]", "[128]", "[-129]", "[255]", "[-1]", "[1.5]", "[1e2]",
        "[2147483647, -2147483648]", "[2147483648]", "[9223372036854775807, -9223372036854775808]",
        "[9223372036854775808]", "[18446744073709551615]", "[18446744073709551616]", "[123456789012345678901]",
        "[01]", "[-]", "[1,]", "[1 2]", "[1", "[\"1\"]", "[null]", "[1e999]", "[0.1, 5e-324, 1.00000000000000000001]",
        // the general reader takes over at a number of more than 19 digits, and reports what follows
        "[1, 100000000000000000000, 2, true]", "[1, 0.000000000000000000001, 2 3]", "[1, 1.00000000000000000001, 1e999]"}) {
    expect_list_reading<std::int8_t>(text);
    expect_list_reading<std::uint8_t>(text);
    expect_list_reading<int>(text);
    expect_list_reading<std::int64_t>(text);
    expect_list_reading<std::uint64_t>(text);
    expect_list_reading<float>(text);
    expect_list_reading<double>(text);
  }
  // over an old vector: fewer elements, more, and a failure, after which it holds the elements read before it and
  // none of those it held before (docs/reading.md)
  std::vector<int> v{9, 9, 9};
  ASSERT_TRUE(read_into("[1]", v).has_value());
  EXPECT_EQ(v, (std::vector<int>{1}));
  ASSERT_TRUE(read_into("[4, 5, 6, 7]", v).has_value());
  EXPECT_EQ(v, (std::vector<int>{4, 5, 6, 7}));
  EXPECT_FALSE(read_into("[1, 2, 3e0]", v).has_value());
  EXPECT_EQ(v, (std::vector<int>{1, 2}));
  std::vector<double> d{9, 9, 9, 9};
  ASSERT_TRUE(read_into("[1, 2.00000000000000000001, 3]", d).has_value());
  EXPECT_EQ(d, (std::vector<double>{1, 2, 3}));
  ASSERT_TRUE(read_into("[4, 5.00000000000000000001, 6, 7, 8]", d).has_value());
  EXPECT_EQ(d, (std::vector<double>{4, 5, 6, 7, 8}));
}

// ---- limits against hostile input ---------------------------------------------------------------------

struct node {
  std::vector<node> children;
};

TEST(ReadLimits, DepthIsBoundedForTypedAndSkippedValues) {
  std::string deep = std::string(100000, '[') + std::string(100000, ']');
  auto e = prism::json::validate(deep);
  ASSERT_FALSE(e.has_value());
  EXPECT_EQ(e.error().code, error_code::depth_exceeded);
  EXPECT_EQ(e.error().offset, 512u);
  EXPECT_TRUE(prism::json::validate(std::string(512, '[') + std::string(512, ']')).has_value());
  EXPECT_TRUE(prism::json::validate(deep, {.max_depth = 100000}).has_value());  // no recursion: no stack to overflow
  // a skipped unknown value counts from the depth it sits at
  std::string hidden = "{\"name\": \"a\", \"extra\": " + deep + "}";
  EXPECT_EQ(read_error<app::user>(hidden).code, error_code::depth_exceeded);
  // a recursive type stops at the limit instead of overflowing the stack
  std::string tree;
  for (int i = 0; i < 100000; ++i) tree += "{\"children\": [";
  EXPECT_EQ(read_error<node>(tree).code, error_code::depth_exceeded);
  EXPECT_EQ(read_error<node>(tree, {.max_depth = 64}).offset, 32u * 14u);  // 2 levels per 14-byte node
}

TEST(ReadLimits, TruncatedInputAtEveryPoint) {
  std::string text = R"({"users": [{"name": "Zoë \u00e9", "age": -12, "email": null, "addresses": [{"city": "x", "zip": 1}]}]})";
  ASSERT_TRUE(read<app::users_doc>(text).has_value());
  for (std::size_t n = 0; n < text.size(); ++n) {
    auto r = read<app::users_doc>(std::string_view(text).substr(0, n));
    ASSERT_FALSE(r.has_value()) << n;
    EXPECT_LE(r.error().offset, n) << n;
    EXPECT_FALSE(r.error().message().empty());
  }
}

// ---- found by fuzzing (tests/fuzz/regressions holds the inputs) -------------------------------------------

enum plain_shade { light, dark };  // no fixed underlying type: only its enumerators' values are valid

struct stamped {
  std::chrono::system_clock::time_point when;  // nanoseconds on libstdc++: 1678 to 2262
  std::chrono::sys_seconds when_s;
};

// Whitespace between tokens, of every length to 40 and the shapes pretty printers make (indentation of spaces, tabs,
// CRLF, spaces on both sides of a newline), read as the compact text does; a byte that is not whitespace after the
// spaces is an error there.
TEST(ReadObjects, WhitespaceOfEveryShapeAndLength) {
  for (std::size_t n = 0; n <= 40; ++n) {
    const std::string spaces(n, ' ');
    for (const std::string& ws : {spaces, "\n" + spaces, "\r\n" + spaces + "\t", spaces + "\n" + spaces, "\t" + spaces + "\r"}) {
      const std::string text = "{" + ws + "\"name\"" + ws + ":" + ws + "\"a\"" + ws + "," + ws + "\"age\":" + ws + "3" + ws + "}" + ws;
      auto r = read<app::user>(text);
      ASSERT_TRUE(r.has_value()) << n << ": " << r.error().message();
      EXPECT_EQ(r->name, "a");
      EXPECT_EQ(r->age, 3);
      EXPECT_TRUE(prism::json::validate(text).has_value()) << n;
    }
    const std::string bad = "{\"name\": \"a\"," + spaces + "\x01\"age\": 3}";
    auto e = read_error<app::user>(bad);
    EXPECT_EQ(e.code, error_code::syntax_error) << n;
    EXPECT_EQ(e.offset, 13 + n) << n;
  }
}

// Short strings are scanned 16 bytes at a time, past the input's end where that stays within a page: a quote out
// there is not the string's end. The input is a view of a larger buffer whose next bytes close everything.
TEST(ReadStrings, AQuotePastTheInputsEndIsNotTheStringsEnd) {
  const std::string buffer = R"({"name": "abc", "extra": "abc", "email": "abc"}"])";
  for (std::size_t cut : {10u, 11u, 12u, 13u, 26u, 27u, 28u, 42u, 43u, 44u}) {  // inside each string
    const std::string_view in(buffer.data(), cut);
    auto e = read_error<app::user>(in);
    EXPECT_EQ(e.code, error_code::unexpected_end) << in;
    EXPECT_FALSE(prism::json::validate(in).has_value()) << in;
  }
  const std::string list = R"(["abc", "d"])";
  for (std::size_t cut = 2; cut <= 5; ++cut) {
    const std::string_view in(list.data(), cut);
    EXPECT_EQ(read_error<std::vector<std::string>>(in).code, error_code::unexpected_end) << in;
  }
}

TEST(ReadFuzzFindings, SequenceCutShortRightBeforeABlockBoundary) {
  // a 2-byte lead at offset 14 followed by another lead at 15, whose own sequence crosses the 16-byte block
  EXPECT_EQ(read_error<std::string>("\"aaaaaaaaaaaaaa\xDF\xCE\x82\"").code, error_code::invalid_utf8);
  EXPECT_EQ(read<std::string>("\"aaaaaaaaaaaaaa\xDF\xCE\x82\"", {.replace_invalid_utf8 = true}).value(),
            "aaaaaaaaaaaaaa\xEF\xBF\xBD\xCE\x82");
  EXPECT_FALSE(prism::json::validate("\"aaaaaaaaaaaaa\xE2\x82\xCE\x82\"").has_value());
}

TEST(ReadFuzzFindings, UnlimitedDepthAllocatesOnlyWhatTheDocumentNeeds) {
  EXPECT_TRUE(prism::json::validate("[[]]", {.max_depth = SIZE_MAX}).has_value());
  EXPECT_TRUE(prism::json::validate(std::string(1000, '[') + std::string(1000, ']'), {.max_depth = SIZE_MAX}).has_value());
}

TEST(ReadFuzzFindings, EmptyStringViewWrites) {
  EXPECT_EQ(prism::json::to_string(std::string_view{}).value(), "\"\"");
}

TEST(ReadFuzzFindings, NumbersOutsideAnUnfixedEnum) {
  EXPECT_EQ(read<plain_shade>("1", {.enums_as_numbers = true}).value(), dark);
  EXPECT_EQ(read_error<plain_shade>("2", {.enums_as_numbers = true}).code, error_code::unknown_enumerator);
  EXPECT_EQ(read<app::color>("2", {.enums_as_numbers = true}).value(), app::color::blue);
}

TEST(ReadFuzzFindings, TimestampsBeyondTheClockOrTheYearRange) {
  auto far = read_error<stamped>(R"({"when": "1000-01-01T00:00:00Z"})");
  EXPECT_EQ(far.code, error_code::out_of_range);
  EXPECT_EQ(far.path, "$.when");
  EXPECT_TRUE(read<stamped>(R"({"when_s": "1000-01-01T00:00:00Z"})").has_value());
  EXPECT_EQ(read_error<stamped>(R"({"when_s": "0000-01-01T00:00:00+00:01"})").code, error_code::out_of_range);
  EXPECT_EQ(read_error<stamped>(R"({"when_s": "9999-12-31T23:59:59-00:01"})").code, error_code::out_of_range);
}

TEST(ReadFuzzFindings, RepeatedKeyTheLastWinsWhole) {
  struct inner {
    std::string s;
  };
  struct outer {
    inner in;
  };
  EXPECT_EQ(read<outer>(R"({"in": {"s": "a"}, "in": {}})").value().in.s, "");
  std::vector<outer> old(1);
  old[0].in.s = "old";
  ASSERT_TRUE(read_into(R"([{"in": {"s": "a"}, "in": {}}])", old).has_value());
  EXPECT_EQ(old[0].in.s, "");
}

// ---- allocation in proportion to the input --------------------------------------------------------------

// Three bytes of "{}," make an element of 10 KB: max_alloc_bytes stops the read before memory runs out, in every
// path that makes elements (sequences, maps, numbers, streams), and says where.
TEST(ReadLimits, AllocationIsCappedByMaxAllocBytes) {
  std::string empties = "[";
  for (int i = 0; i < 1000; ++i) empties += i ? ",{}" : "{}";
  empties += "]";
  const read_options capped{.max_alloc_bytes = 1'000'000};  // room for 99 elements
  auto r = read<std::vector<app::large_element>>(empties, capped);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, error_code::limit_exceeded);
  EXPECT_EQ(r.error().path, "$[99]");
  EXPECT_NE(r.error().message().find("read_options::max_alloc_bytes (1000000 bytes)"), std::string::npos);
  EXPECT_TRUE(read<std::vector<app::large_element>>(empties, {.max_alloc_bytes = 1000 * sizeof(app::large_element)}));
  EXPECT_TRUE(read<std::vector<app::large_element>>(empties));  // 10 MB: well within the default

  std::istringstream stream(empties);  // one budget across the stream's element frames
  auto streamed = read<std::vector<app::large_element>>(stream, capped);
  ASSERT_FALSE(streamed);
  EXPECT_EQ(streamed.error().code, error_code::limit_exceeded);
  EXPECT_EQ(streamed.error().path, "$[99]");

  std::string keyed = "{";
  for (int i = 0; i < 1000; ++i) keyed += (i ? ",\"" : "\"") + std::to_string(i) + "\":{}";
  keyed += "}";
  auto m = read<std::map<std::string, app::large_element>>(keyed, capped);
  ASSERT_FALSE(m);
  EXPECT_EQ(m.error().code, error_code::limit_exceeded);
  EXPECT_EQ(m.error().path, "$[\"99\"]");

  EXPECT_TRUE(read<std::vector<double>>("[1,2,3,4,5,6,7,8,9,10]", {.max_alloc_bytes = 80}));
  auto numbers = read<std::vector<double>>("[1,2,3,4,5,6,7,8,9,10,11]", {.max_alloc_bytes = 80});
  ASSERT_FALSE(numbers);
  EXPECT_EQ(numbers.error().code, error_code::limit_exceeded);
  EXPECT_EQ(numbers.error().column, 23u);  // at the eleventh number
  // nested containers: every element counts, lists and what they hold alike
  const std::size_t three_of_each = 3 * sizeof(std::list<app::large_element>) + 3 * sizeof(app::large_element);
  EXPECT_TRUE(read<std::vector<std::list<app::large_element>>>("[[{}], [{}, {}], []]", {.max_alloc_bytes = three_of_each}));
  auto nested = read<std::vector<std::list<app::large_element>>>("[[{}], [{}, {}], [{}]]", {.max_alloc_bytes = three_of_each});
  ASSERT_FALSE(nested);
  EXPECT_EQ(nested.error().path, "$[2][0]");
}

}  // namespace
