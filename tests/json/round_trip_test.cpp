// Round trips that are not one type's samples: what the equality notices, doubles and floats bit for bit, text
// that views its input or a pool, options that change the shape, described classes, depth, and another writer's
// spelling. The typed round trips over every supported type are in round_trip_*_test.cpp, one family a file; real
// documents and the golden files in round_trip_real_data_test.cpp.

#include "round_trip.hpp"


namespace {

TEST(RoundTripEquality, NoticesEveryKindOfDifference) {
  EXPECT_NE(difference(0.0, -0.0), "");
  EXPECT_NE(difference(0.1f, std::nextafter(0.1f, 1.0f)), "");
  EXPECT_NE(difference<const char*>(nullptr, ""), "");
  EXPECT_NE(difference(std::vector<int>{1, 2}, std::vector<int>{1}), "");
  EXPECT_NE(difference(std::variant<int, std::string>(0), std::variant<int, std::string>("")), "");
  EXPECT_NE(difference(std::unordered_multimap<std::string, int>{{"a", 1}, {"a", 2}}, {{"a", 1}, {"a", 3}}), "");
  EXPECT_NE(difference(std::unordered_set<int>{1, 2}, std::unordered_set<int>{1, 3}), "");
  EXPECT_NE(difference(std::make_unique<int>(1), std::unique_ptr<int>{}), "");
  EXPECT_NE(difference(rt::date{2026, 1, 1}, rt::date{2026, 1, 2}), "");
  EXPECT_NE(difference(rt::account("a", 1, {}), rt::account("a", 2, {})), "");
  EXPECT_EQ(difference(std::unordered_multimap<std::string, int>{{"a", 1}, {"a", 2}}, {{"a", 2}, {"a", 1}}), "");
  EXPECT_EQ(difference(std::chrono::milliseconds{5}, std::chrono::milliseconds{5}), "");
  EXPECT_EQ(difference(rt::outer{{1, "a"}, {}, {}, std::nullopt}, rt::outer{{1, "a"}, {}, {}, std::nullopt}), "");
}

// ---- floating point, bit for bit -----------------------------------------------------------------------

/// 100000 values, each written alone and read back: every bit must survive. Reports the first failures.
template <class F, class Next>
void expect_bit_exact(Next next) {
  using U = std::conditional_t<sizeof(F) == 4, std::uint32_t, std::uint64_t>;
  std::size_t failed = 0;
  std::string report;
  std::vector<F> all;
  while (all.size() < 100000) {
    F v = next();
    if (!std::isfinite(v)) continue;
    all.push_back(v);
    std::string text = prism::json::to_string(v).value();
    auto back = prism::json::read<F>(text);
    if (back && std::bit_cast<U>(*back) == std::bit_cast<U>(v)) continue;
    if (++failed <= 10)
      report += "\n  " + text + ": " + show(v) + " read as " + (back ? show(*back) : back.error().message());
  }
  EXPECT_EQ(failed, 0u) << report;
  expect_round_trip(all);  // the same values as array elements, each followed by ',' or ']'
}

TEST(RoundTripFloatingPoint, RandomDoubleBitPatterns) {
  std::mt19937_64 rng(1);
  expect_bit_exact<double>([&] { return std::bit_cast<double>(rng()); });
}

TEST(RoundTripFloatingPoint, RandomFloatBitPatterns) {
  std::mt19937 rng(2);
  expect_bit_exact<float>([&] { return std::bit_cast<float>(static_cast<std::uint32_t>(rng())); });
}

/// Random bits are almost all 17-digit numbers; most real data has few digits and takes the reader's fast
/// paths, so values parsed from short random decimals (1 to 9 digits, exponents of either sign) too.
template <class F>
F short_decimal(std::mt19937_64& rng) {
  // one draw per statement, so every compiler draws the same sequence
  std::uint64_t digits = rng() % 1000000000;
  digits >>= rng() % 30;
  int exponent = static_cast<int>(rng() % 80) - 40;
  std::string text = std::to_string(digits) + "e" + std::to_string(exponent);
  F v{};
  std::from_chars(text.data(), text.data() + text.size(), v);
  return rng() % 2 ? -v : v;
}

TEST(RoundTripFloatingPoint, RandomShortDecimalDoubles) {
  std::mt19937_64 rng(3);
  expect_bit_exact<double>([&] { return short_decimal<double>(rng); });
}

TEST(RoundTripFloatingPoint, RandomShortDecimalFloats) {
  std::mt19937_64 rng(4);
  expect_bit_exact<float>([&] { return short_decimal<float>(rng); });
}

// ---- strings and views ---------------------------------------------------------------------------------

// Without a pool a string_view views the input: possible only for text the writer did not escape, which it
// must then point into; escaped text has no run of input bytes to view and is refused (docs/reading.md).
TEST(RoundTripViews, StringViewPointsIntoTheInput) {
  for (const std::string& text : text_samples()) {
    std::string json = prism::json::to_string(text).value();
    auto back = prism::json::read<std::string_view>(json);
    if (json.size() == text.size() + 2) {
      ASSERT_TRUE(back) << back.error().message();
      EXPECT_EQ(*back, text);
      EXPECT_EQ(back->data(), json.data() + 1) << excerpt(json);
    } else {
      ASSERT_FALSE(back) << excerpt(json);
      EXPECT_EQ(back.error().code, prism::error_code::invalid_value);
    }
  }
}

// With a pool, views and C strings point into the pool, NUL-terminated, and equal texts share one copy.
TEST(RoundTripViews, PooledTextOutlivesTheInputAndIsShared) {
  prism::string_pool pool;
  std::vector<std::string_view> views;
  std::vector<const char*> c_strings;
  {
    std::vector<std::string> twice = {"shared \"text\"", "shared \"text\"", "\u00e9"};
    std::string json = prism::json::to_string(twice).value();
    views = prism::json::read<std::vector<std::string_view>>(json, {.strings = &pool}).value();
    c_strings = prism::json::read<std::vector<const char*>>(json, {.strings = &pool}).value();
  }  // the input is gone
  ASSERT_EQ(views.size(), 3u);
  EXPECT_EQ(views[0], "shared \"text\"");
  EXPECT_EQ(views[0].data(), views[1].data());
  EXPECT_EQ(views[2], "\u00e9");
  ASSERT_EQ(c_strings.size(), 3u);
  EXPECT_STREQ(c_strings[0], "shared \"text\"");
  EXPECT_EQ(c_strings[0], views[0].data());
  EXPECT_STREQ(c_strings[2], "\u00e9");
}

TEST(RoundTripViews, NullCStringIsNull) {
  prism::string_pool pool;
  const char* back = "not null";
  ASSERT_TRUE(prism::json::read_into(prism::json::to_string(static_cast<const char*>(nullptr)).value(), back,
                                     {.strings = &pool}));
  EXPECT_EQ(back, nullptr);
}

// ---- options that change the shape ---------------------------------------------------------------------

// The typed suites cover skip_null_fields on every record; this pins that the fields really were omitted, so
// those round trips read absent fields and not nulls.
TEST(RoundTripOptions, SkippedNullFieldsReadBackAsNull) {
  std::string json = prism::json::to_string(rt::sparse{7, {}, {}, {}, {}, {}}, {.skip_null_fields = true}).value();
  EXPECT_EQ(json, R"({"id":7})");
  prism::string_pool pool;
  rt::sparse back = prism::json::read<rt::sparse>(json, {.strings = &pool}).value();
  EXPECT_EQ(difference(rt::sparse{7, {}, {}, {}, {}, {}}, back), "");
}

/// Values with no enumerator name exist only as numbers: the extremes of a fixed underlying type and the gaps.
/// (An enum without a fixed underlying type holds only what its enumerators' bits can: plain takes 0, not -1.)
template <class E>
void expect_unnamed_as_numbers(std::initializer_list<std::underlying_type_t<E>> unnamed) {
  for (auto u : unnamed) {
    E e = static_cast<E>(u);
    ASSERT_EQ(prism::detail::enum_name(e), "") << show(u);
    expect_round_trip(e, {.enums_as_numbers = true}, {.enums_as_numbers = true});
    expect_round_trip(std::map<E, E>{{e, e}}, {.enums_as_numbers = true}, {.enums_as_numbers = true});
  }
}

TEST(RoundTripOptions, UnnamedEnumValuesAsNumbers) {
  expect_unnamed_as_numbers<rt::color>({std::numeric_limits<int>::min(), std::numeric_limits<int>::max(), 3});
  expect_unnamed_as_numbers<rt::plain>({0});
  expect_unnamed_as_numbers<rt::edge>({-127, -1, 1, 126});
  expect_unnamed_as_numbers<rt::octet>({1, 254});
  expect_unnamed_as_numbers<rt::http>({0, 100, 600, std::numeric_limits<std::uint16_t>::max()});
  expect_unnamed_as_numbers<rt::wide_enum>(
      {std::numeric_limits<std::int64_t>::min(), 0, std::numeric_limits<std::int64_t>::max()});
}

// ---- described classes, surrogates, recursion: what the JSON holds ----------------------------------------

// The typed suite proves these come back; here, that they came back through the representation they claim.
TEST(RoundTripDescribed, ComputedFieldsAreWrittenAndIgnoredOnRead) {
  rt::thermostat t;
  t.set_target(25);
  t.set_room("lab");
  std::string json = prism::json::to_string(t).value();
  EXPECT_EQ(json, R"({"target":25,"room":"lab","fahrenheit":77,"label":"thermostat in lab"})");
  rt::thermostat back =
      prism::json::read<rt::thermostat>(R"({"target":25,"room":"lab","fahrenheit":-1,"label":"ignored"})").value();
  EXPECT_EQ(difference(t, back), "");
}

TEST(RoundTripDescribed, SurrogatesTravelAsTheirSurrogate) {
  EXPECT_EQ(prism::json::to_string(rt::date{2026, 11, 22}).value(), R"("2026-11-22")");
  EXPECT_EQ(prism::json::to_string(rt::kelvin{1.5}).value(), "1.5");
  auto refused = prism::json::read<rt::kelvin>("-1");  // the surrogate's own check runs on read
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, prism::error_code::invalid_value);
}

// What prism writes, prism reads: the deepest document the writer's max_depth allows must not exceed the
// reader's equal max_depth.
TEST(RoundTripDepth, DeepestWritableDocumentReadsBack) {
  for (std::size_t depth : {std::size_t{8}, std::size_t{512}}) {
    SCOPED_TRACE(depth);
    EXPECT_FALSE(prism::json::to_string(rt::make_chain(depth + 1), {.max_depth = depth}));
    expect_round_trip(rt::make_chain(depth), {.max_depth = depth}, {.max_depth = depth});
  }
}

// ---- another writer's spelling -------------------------------------------------------------------------

TEST(RoundTripReencoded, StringsWithEveryEscapeSpelledAsUnicode) {
  for (const std::string& text : text_samples()) expect_reads_reencoded(text);
  expect_reads_reencoded(std::map<std::string, std::string>{{"\u00e9\U0001F600\x01", "\U0010FFFF"}});
}

TEST(RoundTripReencoded, RecordsWithKeysOutOfOrder) {
  for (const auto& k : values_of<rt::keyed>()) expect_reads_reencoded(k);
  for (const auto& o : values_of<rt::outer>()) expect_reads_reencoded(o);
  expect_reads_reencoded(golden::make_site());
}

}  // namespace
