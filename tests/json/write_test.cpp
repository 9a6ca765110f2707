// Typed writing: every supported type, its exact JSON, and a check that an independent parser accepts it.
#include <prism/prism.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <random>
#include <nlohmann/json.hpp>

namespace app {
enum class color { red, green = 5, blue };
enum plain_enum : std::uint8_t { first = 1, second = 2 };

struct point {
  int x;
  int y;
};
struct shape {
  std::string name;
  std::vector<point> outline;
  std::optional<color> fill;
};

// A class with private state, described beside it through getters and setters.
class temperature {
 public:
  double celsius() const { return c_; }
  void set_celsius(double c) { c_ = c; }

 private:
  double c_ = 21.5;
};
constexpr auto prism_describe(prism::type_t<temperature>) {
  return prism::fields(prism::field("celsius", &temperature::celsius, &temperature::set_celsius));
}

// Private members, intrusive one-liner.
class account {
 public:
  account(std::string id, long cents) : id_(std::move(id)), cents_(cents) {}

 private:
  std::string id_;
  long cents_;
  friend constexpr auto prism_describe(prism::type_t<account>) { return prism::members<&account::id_, &account::cents_>(); }
};

// A type that takes over its representation: written as "YYYY-MM-DD".
struct date {
  int y, m, d;
};
inline prism::short_string<10> date_text(const date& d) {
  char b[11];
  std::snprintf(b, sizeof b, "%04d-%02d-%02d", d.y, d.m, d.d);
  return std::string_view(b, 10);
}
constexpr auto prism_describe(prism::type_t<date>) { return prism::as<prism::short_string<10>>(&date_text); }

struct event {
  std::string title;
  date on;  // the rest of the model keeps working around the surrogate
};
}  // namespace app

namespace {

using namespace std::chrono_literals;

template <class T>
std::string json_of(const T& v, const prism::json::write_options& o = {}) {
  auto r = prism::json::to_string(v, o);
  EXPECT_TRUE(r.has_value()) << r.error().message();
  return r.has_value() ? *r : std::string();
}

// One case per supported type: a value and its exact compact JSON.
template <class T>
struct unparen;
template <class T>
struct unparen<void(T)> {
  using type = T;
};

// TYPE is parenthesized so that it may hold commas.
#define PRISM_CASE(NAME, TYPE, VALUE, JSON)          \
  struct NAME {                                     \
    using type = typename unparen<void TYPE>::type; \
    static type make() { return VALUE; }            \
    static constexpr std::string_view json = JSON;  \
  };

PRISM_CASE(bool_case, (bool), true, "true")
PRISM_CASE(int8_min, (std::int8_t), std::numeric_limits<std::int8_t>::min(), "-128")
PRISM_CASE(int8_max, (std::int8_t), std::numeric_limits<std::int8_t>::max(), "127")
PRISM_CASE(uint8_max, (std::uint8_t), std::numeric_limits<std::uint8_t>::max(), "255")
PRISM_CASE(int16_min, (std::int16_t), std::numeric_limits<std::int16_t>::min(), "-32768")
PRISM_CASE(uint16_max, (std::uint16_t), std::numeric_limits<std::uint16_t>::max(), "65535")
PRISM_CASE(int32_min, (std::int32_t), std::numeric_limits<std::int32_t>::min(), "-2147483648")
PRISM_CASE(uint32_max, (std::uint32_t), std::numeric_limits<std::uint32_t>::max(), "4294967295")
PRISM_CASE(int64_min, (std::int64_t), std::numeric_limits<std::int64_t>::min(), "-9223372036854775808")
PRISM_CASE(int64_max, (std::int64_t), std::numeric_limits<std::int64_t>::max(), "9223372036854775807")
PRISM_CASE(uint64_max, (std::uint64_t), std::numeric_limits<std::uint64_t>::max(), "18446744073709551615")
PRISM_CASE(zero, (int), 0, "0")
PRISM_CASE(float_case, (float), 0.1f, "0.1")
PRISM_CASE(double_case, (double), 0.1, "0.1")
PRISM_CASE(double_big, (double), 1e300, "1e+300")
PRISM_CASE(char_case, (char), 'x', "\"x\"")
PRISM_CASE(string_case, (std::string), "h\"i\\\n\x01", R"("h\"i\\\n\u0001")")
PRISM_CASE(string_view_case, (std::string_view), "view", "\"view\"")
PRISM_CASE(c_string_case, (const char*), "c", "\"c\"")
PRISM_CASE(null_c_string, (const char*), nullptr, "null")
PRISM_CASE(std_array, (std::array<int, 3>), (std::array<int, 3>{1, 2, 3}), "[1,2,3]")
PRISM_CASE(vector_case, (std::vector<int>), (std::vector<int>{1, -2}), "[1,-2]")
PRISM_CASE(empty_vector, (std::vector<int>), {}, "[]")
PRISM_CASE(deque_case, (std::deque<std::string>), (std::deque<std::string>{"a", "b"}), R"(["a","b"])")
PRISM_CASE(list_case, (std::list<bool>), (std::list<bool>{true, false}), "[true,false]")
PRISM_CASE(forward_list_case, (std::forward_list<int>), (std::forward_list<int>{3, 4}), "[3,4]")
PRISM_CASE(set_case, (std::set<int>), (std::set<int>{3, 1, 2}), "[1,2,3]")
PRISM_CASE(multiset_case, (std::multiset<int>), (std::multiset<int>{2, 1, 2}), "[1,2,2]")
PRISM_CASE(unordered_set_case, (std::unordered_set<int>), (std::unordered_set<int>{7}), "[7]")
PRISM_CASE(map_string, (std::map<std::string, int>), (std::map<std::string, int>{{"a", 1}, {"b", 2}}), R"({"a":1,"b":2})")
PRISM_CASE(map_int, (std::map<int, std::string>), (std::map<int, std::string>{{-1, "x"}, {2, "y"}}), R"({"-1":"x","2":"y"})")
PRISM_CASE(map_enum, (std::map<app::color, int>), (std::map<app::color, int>{{app::color::green, 1}}), R"({"green":1})")
PRISM_CASE(unordered_map_case, (std::unordered_map<std::string, double>), (std::unordered_map<std::string, double>{{"k", 1.5}}), R"({"k":1.5})")
PRISM_CASE(pair_case, (std::pair<int, std::string>), (std::pair<int, std::string>{1, "one"}), R"([1,"one"])")
PRISM_CASE(tuple_case, (std::tuple<int, bool, double>), (std::tuple<int, bool, double>{1, false, 2.5}), "[1,false,2.5]")
PRISM_CASE(optional_empty, (std::optional<int>), std::nullopt, "null")
PRISM_CASE(optional_full, (std::optional<int>), 4, "4")
PRISM_CASE(variant_int, (std::variant<std::monostate, int, std::string, app::point>), 5, R"({"int32":5})")
PRISM_CASE(variant_record, (std::variant<std::monostate, int, std::string, app::point>), (app::point{1, 2}), R"({"point":{"x":1,"y":2}})")
PRISM_CASE(variant_monostate, (std::variant<std::monostate, int>), std::monostate{}, "null")
PRISM_CASE(unique_ptr_case, (std::unique_ptr<int>), std::make_unique<int>(9), "9")
PRISM_CASE(unique_ptr_null, (std::unique_ptr<int>), nullptr, "null")
PRISM_CASE(shared_ptr_case, (std::shared_ptr<app::point>), std::make_shared<app::point>(app::point{3, 4}), R"({"x":3,"y":4})")
PRISM_CASE(enum_name, (app::color), app::color::blue, "\"blue\"")
PRISM_CASE(unscoped_enum, (app::plain_enum), app::second, "\"second\"")
PRISM_CASE(duration_ms, (std::chrono::milliseconds), 1500ms, "1500")
PRISM_CASE(duration_seconds, (std::chrono::seconds), -3s, "-3")
PRISM_CASE(timestamp_s, (std::chrono::sys_seconds), std::chrono::sys_days{std::chrono::year{2026} / 11 / 22} + 16h + 5min + 7s, R"("2026-11-22T16:05:07Z")")
PRISM_CASE(timestamp_ms, (std::chrono::sys_time<std::chrono::milliseconds>), std::chrono::sys_days{std::chrono::year{1969} / 12 / 31} + 23h + 59min + 59s + 500ms, R"("1969-12-31T23:59:59.5Z")")
PRISM_CASE(timestamp_ns, (std::chrono::system_clock::time_point), std::chrono::system_clock::time_point{std::chrono::nanoseconds{1'700'000'000'123'456'789}}, R"("2023-11-14T22:13:20.123456789Z")")
PRISM_CASE(bytes_case, (std::vector<std::byte>), (std::vector<std::byte>{std::byte{'M'}, std::byte{'a'}, std::byte{'n'}, std::byte{'y'}}), R"("TWFueQ==")")
PRISM_CASE(bytes_empty, (std::vector<std::byte>), {}, R"("")")
PRISM_CASE(record_case, (app::shape), (app::shape{"tri", {{0, 0}, {1, 0}}, app::color::red}), R"({"name":"tri","outline":[{"x":0,"y":0},{"x":1,"y":0}],"fill":"red"})")
PRISM_CASE(described_case, (app::temperature), {}, R"({"celsius":21.5})")
PRISM_CASE(private_case, (app::account), (app::account{"acc-1", 1234}), R"({"id_":"acc-1","cents_":1234})")
PRISM_CASE(surrogate_case, (app::event), (app::event{"launch", {2026, 11, 22}}), R"({"title":"launch","on":"2026-11-22"})")
PRISM_CASE(json_value, (prism::json::value), (prism::json::value::object({{"a", 1}, {"b", prism::json::value::array({true, nullptr, 2.5, "x"})}})), R"({"a":1,"b":[true,null,2.5,"x"]})")
PRISM_CASE(nested_vectors, (std::vector<std::vector<int>>), (std::vector<std::vector<int>>{{1}, {}, {2, 3}}), "[[1],[],[2,3]]")

template <class Case>
class WriteEveryType : public ::testing::Test {};

using all_cases = ::testing::Types<
    bool_case, int8_min, int8_max, uint8_max, int16_min, uint16_max, int32_min, uint32_max, int64_min, int64_max,
    uint64_max, zero, float_case, double_case, double_big, char_case, string_case, string_view_case, c_string_case,
    null_c_string, std_array, vector_case, empty_vector, deque_case, list_case, forward_list_case, set_case,
    multiset_case, unordered_set_case, map_string, map_int, map_enum, unordered_map_case, pair_case, tuple_case,
    optional_empty, optional_full, variant_int, variant_record, variant_monostate, unique_ptr_case, unique_ptr_null,
    shared_ptr_case, enum_name, unscoped_enum, duration_ms, duration_seconds, timestamp_s, timestamp_ms, timestamp_ns,
    bytes_case, bytes_empty, record_case, described_case, private_case, surrogate_case, json_value, nested_vectors>;
TYPED_TEST_SUITE(WriteEveryType, all_cases);

TYPED_TEST(WriteEveryType, CompactIsExact) {
  auto v = TypeParam::make();
  EXPECT_EQ(json_of(v), TypeParam::json);
}

TYPED_TEST(WriteEveryType, IndependentParserAgreesInBothLayouts) {
  auto v = TypeParam::make();
  auto compact = nlohmann::json::parse(json_of(v));
  auto pretty = nlohmann::json::parse(json_of(v, {.indent = 4}));
  EXPECT_EQ(compact, pretty);
  EXPECT_EQ(compact, nlohmann::json::parse(TypeParam::json));
}

TEST(Write, CArraysOfValuesAndText) {
  int numbers[3] = {1, 2, 3};
  EXPECT_EQ(json_of(numbers), "[1,2,3]");
  char text[8] = "abc";
  EXPECT_EQ(json_of(text), "\"abc\"");
}

TEST(Write, EnumsAsNumbersByOption) {
  EXPECT_EQ(json_of(app::color::green, {.enums_as_numbers = true}), "5");
  EXPECT_EQ(json_of(std::map<app::color, int>{{app::color::blue, 1}}, {.enums_as_numbers = true}), R"({"6":1})");
}

TEST(Write, UnnamedEnumValueIsAnError) {
  auto r = prism::json::to_string(std::vector<app::color>{app::color::red, static_cast<app::color>(42)});
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, prism::error_code::unnamed_enum);
  EXPECT_EQ(r.error().path, "$[1]");
  EXPECT_EQ(r.error().detail, "enum value 42 of color has no name (no enumerator holds it): write numbers with "
                              "enums_as_numbers");
  // beyond the values searched for names: the message says which and names the fix
  auto far = prism::json::to_string(std::map<app::color, int>{{static_cast<app::color>(404), 1}});
  ASSERT_FALSE(far.has_value());
  EXPECT_EQ(far.error().detail, "enum value 404 of color has no name: names are looked for in [-128, 127]; widen that "
                                "with prism::enum_range<color>, or write numbers (enums_as_numbers)");
}

TEST(Write, NullFieldsWrittenOrSkipped) {
  app::shape s{"sq", {}, std::nullopt};
  EXPECT_EQ(json_of(s), R"({"name":"sq","outline":[],"fill":null})");
  EXPECT_EQ(json_of(s, {.skip_null_fields = true}), R"({"name":"sq","outline":[]})");
}

TEST(Write, ErrorNamesThePath) {
  struct inner {
    double v;
  };
  struct outer {
    std::vector<inner> items;
    std::map<std::string, inner> by_name;
  };
  outer o{{{1}, {std::numeric_limits<double>::quiet_NaN()}}, {}};
  auto r = prism::json::to_string(o);
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, prism::error_code::non_finite_number);
  EXPECT_EQ(r.error().path, "$.items[1].v");
  EXPECT_NE(r.error().message().find("$.items[1].v"), std::string::npos);
  EXPECT_THROW((void)prism::json::to_string(o).value(), prism::error_exception);

  outer m{{}, {{"k\"ey", {std::numeric_limits<double>::infinity()}}}};
  auto r2 = prism::json::to_string(m);
  ASSERT_FALSE(r2.has_value());
  EXPECT_EQ(r2.error().path, R"($.by_name["k"ey"].v)");
  EXPECT_EQ(json_of(m, {.nonfinite_as_null = true}), R"({"items":[],"by_name":{"k\"ey":{"v":null}}})");
}

namespace flat {
struct sample {
  std::uint32_t id;
  double x, y, z, w;
};
struct mixed {
  sample s;
  std::pair<int, double> p;
  std::array<float, 2> f;
  bool on;
  std::nullptr_t nothing;
  std::int8_t small;
  std::tuple<> none;
};
struct camel : prism::view {
  static constexpr auto naming = prism::camel_case;
};
struct two_words {
  int first_value;
  double second_value;
};
}  // namespace flat

/// The compact text of the pretty output: flat values take their own path in compact output only, so this is the
/// token-by-token text to compare them with.
std::string compact_of_pretty(const std::string& pretty) {
  std::string out;
  for (char ch : pretty)
    if (ch != ' ' && ch != '\n') out += ch;
  return out;
}

// Records, tuples and arrays of numbers are written through one cursor with their separators known ahead: the text
// is the token path's, across buffer refills, under views, for non-finite numbers and at the depth limit.
TEST(Write, FixedShapeValuesMatchTheTokenPath) {
  using prism::json::detail::flat_depth;
  static_assert(flat_depth<prism::default_view, flat::mixed>() == 2 && flat_depth<flat::camel, flat::two_words>() == 1);
  static_assert(flat_depth<prism::default_view, app::shape>() == -1);  // a string, a vector, an optional
  flat::mixed m{{7, 1.5, -2.25, 0.1, 1e300}, {3, 0.5}, {0.25f, -1e-7f}, true, nullptr, -128, {}};
  EXPECT_EQ(json_of(m), R"({"s":{"id":7,"x":1.5,"y":-2.25,"z":0.1,"w":1e+300},"p":[3,0.5],"f":[0.25,-1e-07],)"
                        R"("on":true,"nothing":null,"small":-128,"none":[]})");
  EXPECT_EQ(json_of(m), compact_of_pretty(json_of(m, {.indent = 2})));
  std::string camel;
  ASSERT_TRUE(prism::json::write(flat::two_words{1, 2.5}, camel, flat::camel{}).has_value());
  EXPECT_EQ(camel, R"({"firstValue":1,"secondValue":2.5})");

  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> coord(-1000, 1000);
  std::vector<flat::sample> samples(2000);
  for (auto& s : samples) s = {static_cast<std::uint32_t>(rng()), coord(rng), coord(rng), coord(rng), coord(rng)};
  const std::string whole = json_of(samples);
  EXPECT_EQ(whole, compact_of_pretty(json_of(samples, {.indent = 1})));
  char buf[64];
  std::string flushed;
  prism::io::fixed_sink sink(std::span<char>(buf), [&](std::string_view c) { return flushed.append(c), true; });
  ASSERT_TRUE(prism::json::write(samples, sink).has_value());
  EXPECT_EQ(flushed, whole);

  const double nan = std::numeric_limits<double>::quiet_NaN();
  std::vector<std::array<double, 2>> points{{1, 2}, {nan, 3}};
  auto r = prism::json::to_string(points);
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, prism::error_code::non_finite_number);
  EXPECT_EQ(r.error().path, "$[1][0]");
  EXPECT_EQ(json_of(points, {.nonfinite_as_null = true}), "[[1,2],[null,3]]");

  std::vector<std::array<std::array<int, 1>, 1>> deep{{{{5}}}};
  EXPECT_EQ(json_of(deep, {.max_depth = 3}), "[[[5]]]");
  auto d = prism::json::to_string(deep, {.max_depth = 2});
  ASSERT_FALSE(d.has_value());
  EXPECT_EQ(d.error().code, prism::error_code::depth_exceeded);
}

namespace arrays_inside {
struct point {
  int x, y;
};
struct shape {  // an aggregate with C array members needs no description
  int id;
  double xs[3];
  char name[8];
  point corners[2];
  int grid[2][2];
};
}  // namespace arrays_inside

TEST(Write, AggregatesWithArrayMembersRoundTrip) {
  arrays_inside::shape s{7, {1.5, 2, 3}, "box", {{1, 2}, {3, 4}}, {{1, 2}, {3, 4}}};
  const std::string json = json_of(s);
  EXPECT_EQ(json, R"({"id":7,"xs":[1.5,2,3],"name":"box","corners":[{"x":1,"y":2},{"x":3,"y":4}],"grid":[[1,2],[3,4]]})");
  auto back = prism::json::read<arrays_inside::shape>(json);
  ASSERT_TRUE(back.has_value()) << back.error().message();
  EXPECT_EQ(json_of(*back), json);
}

// Short arrays of numbers (a coordinate pair) take one room check for the whole array, sized for its longest text:
// at their longest, at every offset of a 64-byte window, they must come out whole.
namespace short_arrays {
struct longest {
  std::vector<std::array<double, 2>> pairs;
  std::array<std::int64_t, 2> ints;
  std::array<float, 2> floats;
  std::array<bool, 4> flags;
  std::array<std::uint64_t, 1> one;
};
}  // namespace short_arrays

TEST(Write, ShortNumberArraysAtTheirLongestCrossWindows) {
  using short_arrays::longest;
  const double d = -2.2250738585072014e-308;  // 24 characters, the longest double
  const float f = -1.00000005e-20f;             // 15, as long as a float's gets
  longest v{{}, {INT64_MIN, INT64_MIN}, {f, f}, {false, false, false, false}, {UINT64_MAX}};
  std::string expected = R"({"pairs":[)";
  for (int i = 0; i < 70; ++i) {  // each pair starts 52 bytes on: every offset of the window in turn
    v.pairs.push_back({d, i % 2 ? d : 1.0});
    expected += std::string(i ? "," : "") + "[-2.2250738585072014e-308," + (i % 2 ? "-2.2250738585072014e-308]" : "1]");
  }
  expected += R"(],"ints":[-9223372036854775808,-9223372036854775808],"floats":[-1.00000005e-20,-1.00000005e-20],)"
              R"("flags":[false,false,false,false],"one":[18446744073709551615]})";
  EXPECT_EQ(json_of(v), expected);
  for (std::size_t size : std::initializer_list<std::size_t>{64, 65, 77, 100}) {
    std::vector<char> buf(size);
    std::string flushed;
    prism::io::fixed_sink sink(std::span<char>(buf), [&](std::string_view c) { return flushed.append(c), true; });
    ASSERT_TRUE(prism::json::write(v, sink).has_value());
    EXPECT_EQ(flushed, expected) << "a " << size << "-byte buffer";
  }
}

TEST(Write, YearsOutsideRfc3339AreAnError) {
  using namespace std::chrono;
  auto r = prism::json::to_string(sys_days{year{10000} / 1 / 1});
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, prism::error_code::out_of_range);
}

TEST(Write, PrettyLayout) {
  app::shape s{"tri", {{0, 1}}, app::color::red};
  EXPECT_EQ(json_of(s, {.indent = 2}), R"({
  "name": "tri",
  "outline": [
    {
      "x": 0,
      "y": 1
    }
  ],
  "fill": "red"
})");
  EXPECT_EQ(json_of(std::vector<std::vector<int>>{{}, {}}, {.indent = 1}), "[\n [],\n []\n]");
  EXPECT_EQ(json_of(std::map<std::string, int>{}, {.indent = 3}), "{}");
}

TEST(Write, StructWithOneHundredFieldsIsReflected) {
  struct wide {
    int f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13, f14, f15, f16, f17, f18, f19, f20, f21, f22, f23,
        f24, f25, f26, f27, f28, f29, f30, f31, f32, f33, f34, f35, f36, f37, f38, f39, f40, f41, f42, f43, f44, f45,
        f46, f47, f48, f49, f50, f51, f52, f53, f54, f55, f56, f57, f58, f59, f60, f61, f62, f63, f64, f65, f66, f67,
        f68, f69, f70, f71, f72, f73, f74, f75, f76, f77, f78, f79, f80, f81, f82, f83, f84, f85, f86, f87, f88, f89,
        f90, f91, f92, f93, f94, f95, f96, f97, f98, f99;
  };
  wide w{};
  w.f99 = 99;
  auto j = nlohmann::json::parse(json_of(w));
  EXPECT_EQ(j.size(), 100u);
  EXPECT_EQ(j["f99"], 99);
  EXPECT_EQ(j["f0"], 0);
}

TEST(Write, AppendsToExistingOutput) {
  std::string out = "prefix:";
  auto n = prism::json::write(std::vector<int>{1}, out);
  ASSERT_TRUE(n.has_value());
  EXPECT_EQ(*n, 3u);
  EXPECT_EQ(out, "prefix:[1]");
}

}  // namespace
