// json::to<T>(v) reads a typed value from a json::value by the typed reader's rules, with no document text in
// between. For samples of types of every kind, through views and under the read options that change what is
// accepted, and for values made wrong in one place (a node of another type, a member taken out, added or repeated,
// an element more or less), to<T>(v) gives what read<T>(to_string(v)) gives: the same value, or the same error (code,
// words and path; no position, as a value has none).
#include <random>

#include "round_trip.hpp"

namespace {

GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(RoundTrip);  // only its samples are used here

using prism::json::value;

struct api_view : prism::view {
  static constexpr auto naming = prism::camel_case;
};

template <class T>
class ToValue : public ::testing::Test {};

using Types = ::testing::Types<rt::everything, rt::outer, rt::keyed, rt::sparse, golden::site, rt::tree,
                               std::map<std::string, rt::inner>, std::vector<std::optional<double>>,
                               std::variant<rt::circle, rt::rectangle, rt::polygon>,
                               std::tuple<int, std::string, rt::color>, std::vector<std::byte>,
                               std::chrono::sys_time<std::chrono::milliseconds>, float, std::vector<float>,
                               std::array<std::int8_t, 3>, std::map<int, std::uint16_t>, std::string, std::uint64_t,
                               value, std::vector<value>>;
TYPED_TEST_SUITE(ToValue, Types);

/// Every array and object node of v and every scalar, in document order, v first.
void collect_nodes(value& v, std::vector<value*>& out) {
  out.push_back(&v);
  for (value& e : v.elements()) collect_nodes(e, out);
  for (prism::json::member& m : v.members()) collect_nodes(m.value(), out);
}

value parsed(std::string_view json) { return prism::json::read<value>(json).value(); }

/// Values of every type and of awkward sizes, as a document would hold them.
const std::vector<value>& replacements() {
  static const std::vector<value> all = [] {
    std::vector<value> r;
    for (const char* json : {"null", "true", "0", "-1", "300", "70000", "4294967296", "-9223372036854775809",
                             "18446744073709551616", "1.5", "1e400", "-0", "1.0", "\"x\"", "\"\"", "\"red\"",
                             "\"2026-11-22\"", "\"AAEC\"", "\"2026-11-22T10:00:00Z\"", "[]", "[1]", "[1, 2, 3]",
                             "[[[[1]]]]", "{}", "{\"zz\": 1}", "{\"circle\": {\"r\": 1}}", "{\"r\": \"2\"}"})
      r.push_back(parsed(json));
    return r;
  }();
  return all;
}

/// v with one node changed at random: replaced, or (an object) a member taken out, added or repeated, or (an array)
/// an element taken out or added.
value mutated(const value& v, std::mt19937& rng) {
  value m = v;
  std::vector<value*> nodes;
  collect_nodes(m, nodes);
  value& at = *nodes[rng() % nodes.size()];
  const unsigned how = rng() % 4;
  if (at.is_object() && at.size() != 0 && how != 0) {
    const std::size_t i = rng() % at.size();
    value rebuilt = value::object();
    for (std::size_t j = 0; j < at.size(); ++j)
      if (j != i || how == 2) rebuilt.append(at.members()[j].key(), at.members()[j].value());
    if (how == 2) rebuilt.append(at.members()[i].key(), replacements()[rng() % replacements().size()]);  // repeated
    if (how == 3) rebuilt.append("unknownKey", parsed("[{\"a\": [1]}]"));
    at = std::move(rebuilt);
  } else if (at.is_array() && at.size() != 0 && how != 0) {
    value rebuilt = value::array();
    for (std::size_t j = 0; j + (how == 1) < at.size(); ++j) rebuilt.push_back(at.elements()[j]);
    if (how >= 2) rebuilt.push_back(at.elements()[0]);
    at = std::move(rebuilt);
  } else {
    at = replacements()[rng() % replacements().size()];
  }
  return m;
}

std::string outcome(const auto& r) { return r ? std::string("a value") : r.error().message(); }

/// to<T>(v) against read<T> of v's text: both succeed with the same value (as written again), or both fail alike.
template <class T, class View>
void expect_as_read(const value& v, const View& view, const read_options& ro, std::size_t& compared) {
  auto text = prism::json::to_string(v);
  ASSERT_TRUE(text) << text.error().message();
  auto from_value = prism::json::to<T>(v, view, ro);
  auto from_text = prism::json::read<T>(std::string_view(*text), view, ro);
  ++compared;
  ASSERT_EQ(from_value.has_value(), from_text.has_value())
      << excerpt(*text) << "\n  to: " << outcome(from_value) << "\n  read: " << outcome(from_text);
  if (from_text) {
    auto a = prism::json::to_string(*from_value, view), b = prism::json::to_string(*from_text, view);
    ASSERT_EQ(a.has_value(), b.has_value()) << excerpt(*text);
    if (a) {
      EXPECT_EQ(*a, *b) << excerpt(*text);
    }
    return;
  }
  const prism::error &e = from_value.error(), &r = from_text.error();
  EXPECT_EQ(e.code, r.code) << excerpt(*text) << "\n  to: " << e.message() << "\n  read: " << r.message();
  EXPECT_EQ(e.detail, r.detail) << excerpt(*text);
  EXPECT_EQ(e.path, r.path) << excerpt(*text);
  EXPECT_EQ(e.offset, prism::error::no_offset);
  EXPECT_EQ(e.message().find("(line"), std::string::npos) << e.message();
}

TYPED_TEST(ToValue, ReadsAsTheReaderReadsTheText) {
  prism::string_pool pool;
  const read_options option_sets[] = {{},
                                      {.reject_unknown_fields = true},
                                      {.require_all_fields = true},
                                      {.reject_duplicate_keys = true},
                                      {.max_depth = 3},
                                      {.numbers_as_strings = true},
                                      {.enums_as_numbers = true},
                                      {.strings = &pool}};
  std::size_t compared = 0, failed = 0;
  std::mt19937 rng(20261129);
  for_each_sample<TypeParam>([&](const TypeParam& t) {
    for (bool camel : {false, true}) {
      auto v = camel ? prism::json::from(t, api_view{}) : prism::json::from(t);
      if (!v) continue;  // what cannot be written (NaN) has no value to read from
      for (const read_options& ro : option_sets) {
        auto compare = [&](const value& x) {
          if (!prism::json::to_string(x)) return;
          if (camel) expect_as_read<TypeParam>(x, api_view{}, ro, compared);
          else expect_as_read<TypeParam>(x, prism::default_view{}, ro, compared);
          failed += !(camel ? prism::json::to<TypeParam>(x, api_view{}, ro) : prism::json::to<TypeParam>(x, ro));
        };
        compare(*v);
        for (int i = 0; i < 6; ++i) compare(mutated(*v, rng));
      }
    }
  });
  EXPECT_GT(compared, 100u);
  EXPECT_GT(failed, 0u);  // the mutations reach the reader's errors
}

// The samples' round trip: a value made by from(t) converts back to the T that reading t's document gives.
TYPED_TEST(ToValue, RoundTripsWhatFromMakes) {
  for_each_sample<TypeParam>([&](const TypeParam& t) {
    auto written = prism::json::to_string(t);
    if (!written) return;
    prism::string_pool pool;
    const value made = prism::json::from(t).value();
    auto back = prism::json::to<TypeParam>(made, read_options{.strings = &pool});
    ASSERT_TRUE(back) << back.error().message() << "\n  written: " << excerpt(*written);
    auto read = prism::json::read<TypeParam>(std::string_view(*written), read_options{.strings = &pool});
    ASSERT_TRUE(read) << read.error().message();  // the same value: an unordered map's order too
    EXPECT_EQ(prism::json::to_string(*back).value(), prism::json::to_string(*read).value());
  });
}

struct event {
  std::string name;
  std::int16_t level = 0;
  rt::color hue = rt::color::red;
  std::optional<std::vector<double>> samples;
  std::string_view tag;
};

TEST(ToValue, ErrorsSayWhereInTheValue) {
  const value v = parsed(R"({"name": "boot", "level": 40000, "hue": "green", "tag": "t"})");
  auto r = prism::json::to<event>(v);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, prism::error_code::out_of_range);
  EXPECT_EQ(r.error().message(), "number 40000 out of range for int16 at $.level");
  const value purple = parsed(R"({"hue": "purple"})"), shape_v = parsed(R"({"samples": [1, "2"]})"),
              misspelt = parsed(R"({"nme": "x"})");
  auto hue = prism::json::to<event>(purple);
  EXPECT_EQ(hue.error().code, prism::error_code::unknown_enumerator);
  EXPECT_EQ(hue.error().path, "$.hue");
  auto shape = prism::json::to<event>(shape_v);
  EXPECT_EQ(shape.error().message(), "expected number, found string at $.samples[1]");
  auto unknown = prism::json::to<event>(misspelt, {.reject_unknown_fields = true});
  EXPECT_EQ(unknown.error().code, prism::error_code::unknown_field);
  EXPECT_EQ(unknown.error().path, "$.nme");
}

TEST(ToValue, StringViewsViewTheValue) {
  const value v = parsed(R"({"name": "boot", "tag": "a tag longer than fourteen bytes", "samples": [2.5e-3, 0.1]})");
  auto r = prism::json::to<event>(v);
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_EQ(r->tag, "a tag longer than fourteen bytes");
  EXPECT_EQ(r->tag.data(), v["tag"].as_string()->data());  // viewed where the value holds it, not copied
  ASSERT_TRUE(r->samples);
  EXPECT_EQ((*r->samples)[0], 2.5e-3);  // from the decimal as written, rounded once
  EXPECT_EQ((*r->samples)[1], 0.1);
  const value huge = parsed(R"({"samples": [1e400]})");  // kept exactly by the value, too large for a double
  EXPECT_EQ(prism::json::to<event>(huge).error().message(), "number 1e400 too large for double at $.samples[0]");
}

TEST(ToValue, ViewsAndLimits) {
  const value v = parsed(R"({"name": "a", "level": 1, "hue": "blue"})");
  prism::string_pool pool;
  EXPECT_EQ(prism::json::to<event>(v, {.strings = &pool}).value().hue, rt::color::blue);
  // The camel-case view reads the keys it writes; a value nested past max_depth is refused, even where it is skipped.
  auto camel = prism::json::to<rt::outer>(parsed(R"({"first": {"id": 3, "label": "x"}, "byName": {}})"), api_view{});
  ASSERT_TRUE(camel) << camel.error().message();
  EXPECT_EQ(camel->first.id, 3);
  auto deep = prism::json::to<rt::inner>(parsed(R"({"id": 1, "extra": [[[1]]]})"), {.max_depth = 3});
  ASSERT_FALSE(deep);
  EXPECT_EQ(deep.error().code, prism::error_code::depth_exceeded);
  EXPECT_EQ(deep.error().path, "$.extra");
  EXPECT_TRUE(prism::json::to<rt::inner>(parsed(R"({"id": 1, "extra": [[[1]]]})"), {.max_depth = 4}));
  // max_alloc_bytes counts the elements made, as reading does: a small value cannot ask for much more memory.
  value many = value::array();
  for (int i = 0; i < 1000; ++i) many.push_back(value::object());
  auto big = prism::json::to<std::vector<rt::everything>>(many, {.max_alloc_bytes = 4096});
  ASSERT_FALSE(big);
  EXPECT_EQ(big.error().code, prism::error_code::limit_exceeded);
}

}  // namespace
