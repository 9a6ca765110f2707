// json::from(t) builds the value that json::write writes, without text in between: for every sample of types of
// each kind, under several write options and through views, from(t) equals the value read from to_string(t), and
// fails where writing fails, with the same error and path.
#include "round_trip.hpp"

namespace {

GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(RoundTrip);  // only its samples are used here

// A view that renames, omits and represents: from() must follow it as the writer does.
struct api_view : prism::view {
  static constexpr auto naming = prism::camel_case;
};

template <class T>
class FromValue : public ::testing::Test {};

using Types = ::testing::Types<rt::everything, rt::outer, rt::keyed, rt::sparse, golden::site, rt::tree,
                               std::map<std::string, rt::inner>, std::vector<std::optional<double>>,
                               std::variant<rt::circle, rt::rectangle, rt::polygon>,
                               std::tuple<int, std::string, rt::color>, std::vector<std::byte>,
                               std::chrono::sys_time<std::chrono::milliseconds>, float, std::vector<float>,
                               std::string, std::uint64_t, prism::json::value, std::vector<prism::json::value>>;
TYPED_TEST_SUITE(FromValue, Types);

template <class T, class View>
void expect_from_matches_write(const T& v, const write_options& wo, const View& view, std::size_t& count) {
  ++count;
  auto text = prism::json::to_string(v, view, wo);
  auto made = prism::json::from(v, view, wo);
  if (!text) {
    ASSERT_FALSE(made) << "from() succeeded where writing failed with " << text.error().message();
    EXPECT_EQ(made.error().code, text.error().code);
    EXPECT_EQ(made.error().path, text.error().path);
    return;
  }
  ASSERT_TRUE(made) << made.error().message() << "\n  written: " << excerpt(*text);
  auto read = prism::json::read<prism::json::value>(std::string_view(*text));
  ASSERT_TRUE(read) << read.error().message();
  EXPECT_EQ(*made, *read) << "written: " << excerpt(*text) << "\n  from(): " << excerpt(prism::json::to_string(*made).value());
}

TYPED_TEST(FromValue, IsTheValueWriteWrites) {
  std::size_t count = 0;
  const write_options option_sets[] = {{}, {.enums_as_numbers = true}, {.nonfinite_as_null = true}, {.skip_null_fields = true},
                                       {.replace_invalid_utf8 = true}};
  for (const write_options& wo : option_sets) {
    for_each_sample<TypeParam>([&](const TypeParam& v) {
      expect_from_matches_write(v, wo, prism::default_view{}, count);
      expect_from_matches_write(v, wo, api_view{}, count);
    });
  }
  EXPECT_GT(count, 0u);
}

TEST(FromValue, StopsAtTheWritersErrors) {
  std::vector<double> bad = {1, std::numeric_limits<double>::infinity()};
  auto r = prism::json::from(std::map<std::string, std::vector<double>>{{"a", bad}});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, prism::error_code::non_finite_number);
  EXPECT_EQ(r.error().message(), "NaN or infinity cannot be written as JSON at $[\"a\"][1]");
  EXPECT_EQ(prism::json::from(std::string("\xff")).error().code, prism::error_code::invalid_utf8);
  EXPECT_EQ(prism::json::from(std::string("a\xff"), {.replace_invalid_utf8 = true}).value(), prism::json::value("a\xef\xbf\xbd"));
  std::unique_ptr<rt::tree> deep;
  EXPECT_TRUE(prism::json::from(deep).value().is_null());
  auto raw = prism::json::from(prism::json::raw{"[1, 2.50,"}, {});
  ASSERT_FALSE(raw);
  EXPECT_EQ(raw.error().code, prism::error_code::invalid_value);
  auto nested = prism::json::value::array({prism::json::value::array({1})});
  EXPECT_EQ(prism::json::from(nested, {.max_depth = 1}).error().code, prism::error_code::depth_exceeded);
  EXPECT_TRUE(prism::json::from(nested, {.max_depth = 2}));
}

}  // namespace
