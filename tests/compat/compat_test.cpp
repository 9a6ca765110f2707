// prism::compat: every change check() reports, classified per format and direction, and each classification
// confirmed by writing with one version and reading with the other: a direction called compatible carries every
// sample across unchanged; one called breaking fails, or changes or loses a value, for at least one sample.
// Regenerate the golden reports after an intended change with PRISM_UPDATE_GOLDEN=1 and review the diff.
#include <prism/compat.hpp>
#include <prism/prism.hpp>

#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <tuple>
#include <variant>
#include <vector>

#include "../bin/bin_test.hpp"

using prism::compat::format;
using prism::compat::rule;

// One change each: old and new versions of a one- or two-field record (outside the anonymous namespace: reflected
// names need linkage).
namespace one {
enum class color_old { red, green };
enum class color_added { red, green, blue };
enum class color_renamed { red, lime };
struct i32 { std::int32_t x = 0; };
struct i64 { std::int64_t x = 0; };
struct i16 { std::int16_t x = 0; };
struct u32 { std::uint32_t x = 0; };
struct f32 { float x = 0; };
struct f64 { double x = 0; };
struct opt { std::optional<std::int32_t> x; };
struct text { std::string x; };
struct two { std::int32_t x = 0; std::int32_t y = 0; };
struct renamed { std::int32_t z = 0; };
struct reused { std::int32_t x = 0; std::string w; };
struct needs_y {
  std::int32_t x = 0;
  std::int32_t y = 0;
};
constexpr auto prism_describe(prism::type_t<needs_y>) {
  return prism::fields(prism::field("x", &needs_y::x), prism::field("y", &needs_y::y).required());
}
struct gone_y {  // y removed; its id given to a string
  std::int32_t x = 0;
  std::string w;
};
constexpr auto prism_describe(prism::type_t<gone_y>) {
  return prism::fields(prism::field("x", &gone_y::x), prism::field("w", &gone_y::w).id(2));
}
struct c_old { color_old x = color_old::red; };
struct c_added { color_added x = color_added::red; };
struct c_renamed { color_renamed x = color_renamed::red; };
struct v_two { std::variant<shapes::circle, shapes::square> x; };
struct v_three { std::variant<shapes::circle, shapes::square, shapes::triangle> x; };
struct t_two { std::tuple<std::int32_t, std::string> x; };
struct t_three { std::tuple<std::int32_t, std::string, bool> x; };
struct a_three { std::array<std::int32_t, 3> x{}; };
struct a_four { std::array<std::int32_t, 4> x{}; };
struct secs { std::chrono::seconds x{}; };
struct millis { std::chrono::milliseconds x{}; };
struct at_s { std::chrono::sys_seconds x{}; };
struct at_ms { std::chrono::sys_time<std::chrono::milliseconds> x{}; };
struct label {  // travels as a string
  std::string text;
};
constexpr auto prism_describe(prism::type_t<label>) {
  return prism::as<std::string>([](const label& l) { return l.text; }, [](std::string&& s) { return label{std::move(s)}; });
}
struct labelled { label x; };
struct map1 { std::map<std::int32_t, std::string> x; };
struct mmap { std::multimap<std::int32_t, std::string> x; };
}  // namespace one

namespace {

std::string golden_text(const std::string& name, const std::string& actual) {
  const std::string path = std::string(PRISM_SOURCE_DIR) + "/tests/golden/compat/" + name;
  if (std::getenv("PRISM_UPDATE_GOLDEN")) std::ofstream(path, std::ios::binary) << actual;
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// Whether some change in format f breaks the direction.
bool breaks(const prism::compat::report& r, format f, bool backward) {
  for (const auto& c : r)
    if (c.in == f && (backward ? c.breaks_backward : c.breaks_forward)) return true;
  return false;
}

/// Whether `value`, written as From in format f and read as To, comes across: read, and same(read) holds.
template <class To, class From, class Same>
bool carries(format f, const From& value, Same same) {
  if (f == format::binary) {
    auto encoded = prism::bin::to_bytes(value);
    if (!encoded) return false;
    auto back = prism::bin::read<To>(std::span<const std::byte>(*encoded));
    return back && same(*back);
  }
  auto text = prism::json::to_string(value);
  if (!text) return false;
  auto back = prism::json::read<To>(*text);
  return back && same(*back);
}

/// Holds check<Old, New>()'s verdicts to round trips in both formats and directions: `same(old, new)` says whether
/// two values are the same data.
template <class Old, class New, class Same>
void confirm(const std::vector<Old>& olds, const std::vector<New>& news, Same same) {
  constexpr prism::compat::report r = prism::compat::check<Old, New>();
  SCOPED_TRACE(prism::compat::to_text(r));
  for (format f : {format::binary, format::json}) {
    bool all_back = true, all_forth = true;
    for (const Old& o : olds) all_back &= carries<New>(f, o, [&](const New& n) { return same(o, n); });
    for (const New& n : news) all_forth &= carries<Old>(f, n, [&](const Old& o) { return same(o, n); });
    const char* name = f == format::binary ? "binary" : "json";
    EXPECT_EQ(breaks(r, f, true), !all_back) << name << ": backward";
    EXPECT_EQ(breaks(r, f, false), !all_forth) << name << ": forward";
  }
}

/// The one change check<Old, New>() finds in format f (and none else there): its rule and verdicts.
template <class Old, class New>
void expect_change(format f, rule what, bool breaks_backward, bool breaks_forward, std::string_view path = "x") {
  constexpr prism::compat::report r = prism::compat::check<Old, New>();
  std::size_t seen = 0;
  for (const auto& c : r) {
    if (c.in != f) continue;
    ++seen;
    EXPECT_EQ(c.what, what) << prism::compat::to_text(r);
    EXPECT_EQ(c.path(), path);
    EXPECT_EQ(c.breaks_backward, breaks_backward) << prism::compat::to_text(r);
    EXPECT_EQ(c.breaks_forward, breaks_forward) << prism::compat::to_text(r);
  }
  EXPECT_EQ(seen, 1u) << prism::compat::to_text(r);
}

TEST(Compat, IntegerRanges) {
  using namespace one;
  expect_change<i32, i64>(format::binary, rule::integer_range, false, true);
  expect_change<i32, i64>(format::json, rule::integer_range, false, true);
  auto same = [](const auto& a, const auto& b) { return static_cast<long long>(a.x) == static_cast<long long>(b.x); };
  confirm<i32, i64>({{0}, {-7}, {2147483647}}, {{0}, {1LL << 40}}, same);
  confirm<i64, i16>({{1}, {100000}}, {{1}, {-32768}}, same);
  confirm<u32, i32>({{1}, {4000000000u}}, {{1}, {-1}}, same);
}

TEST(Compat, FloatNarrowed) {
  one::f64 wide{1e300};
  expect_change<one::f32, one::f64>(format::binary, rule::float_precision, false, true);
  confirm<one::f32, one::f64>({{0.5f}, {3.25f}}, {{0.5}, wide}, [](const one::f32& a, const one::f64& b) {
    return static_cast<double>(a.x) == b.x;
  });
}

TEST(Compat, OptionalAndPlain) {
  using namespace one;
  expect_change<i32, opt>(format::binary, rule::became_optional, false, false);
  expect_change<i32, opt>(format::json, rule::became_optional, false, true);
  auto same = [](const i32& a, const opt& b) { return b.x ? a.x == *b.x : a.x == 0; };  // null: the default
  confirm<i32, opt>({{0}, {5}}, {{5}, {std::nullopt}}, same);
  expect_change<opt, i32>(format::json, rule::became_plain, true, false);
  confirm<opt, i32>({{5}, {std::nullopt}}, {{0}, {5}}, [&](const opt& a, const i32& b) { return same(b, a); });
}

TEST(Compat, FieldsAddedRemovedRenamedReused) {
  using namespace one;
  auto same_x = [](const auto& a, const auto& b) { return a.x == b.x; };
  expect_change<i32, two>(format::binary, rule::field_added, false, false, "y");
  confirm<i32, two>({{1}}, {{1, 2}}, same_x);
  expect_change<two, i32>(format::json, rule::field_removed, false, false, "y");
  confirm<two, i32>({{1, 2}}, {{1}}, same_x);
  expect_change<i32, needs_y>(format::binary, rule::field_added, true, false, "y");  // required: old documents lack it
  confirm<i32, needs_y>({{1}}, {{1, 2}}, same_x);
  expect_change<i32, renamed>(format::binary, rule::field_renamed, false, false);  // ids, not names
  expect_change<i32, renamed>(format::json, rule::field_renamed, true, true);      // the key is another
  confirm<i32, renamed>({{1}, {0}}, {{2}}, [](const i32& a, const renamed& b) { return a.x == b.z; });
  expect_change<needs_y, gone_y>(format::binary, rule::id_reused, true, true, "y");
  confirm<needs_y, gone_y>({{1, 2}}, {{1, "w"}}, same_x);
  expect_change<i32, text>(format::binary, rule::kind_changed, true, true);
  confirm<i32, text>({{1}}, {{"1"}}, [](const i32&, const text&) { return true; });
}

TEST(Compat, Enumerators) {
  using namespace one;
  expect_change<c_old, c_added>(format::binary, rule::enumerator_added, false, true);
  auto same = [](const auto& a, const auto& b) { return static_cast<int>(a.x) == static_cast<int>(b.x); };
  confirm<c_old, c_added>({{color_old::green}}, {{color_added::red}, {color_added::blue}}, same);
  confirm<c_added, c_old>({{color_added::red}, {color_added::blue}}, {{color_old::green}}, same);
  expect_change<c_old, c_renamed>(format::binary, rule::enumerator_renamed, false, false);
  expect_change<c_old, c_renamed>(format::json, rule::enumerator_renamed, true, true);
  confirm<c_old, c_renamed>({{color_old::green}}, {{color_renamed::lime}}, same);
}

TEST(Compat, VariantAlternatives) {
  using namespace one;
  expect_change<v_two, v_three>(format::binary, rule::alternative_added, false, true);
  auto same = [](const auto& a, const auto& b) {
    if (a.x.index() != b.x.index()) return false;
    if (const auto* c = std::get_if<shapes::circle>(&a.x)) return c->r == std::get<shapes::circle>(b.x).r;
    return std::get<shapes::square>(a.x).side == std::get<shapes::square>(b.x).side;
  };
  confirm<v_two, v_three>({{shapes::circle{1}}, {shapes::square{2}}}, {{shapes::square{2}}, {shapes::triangle{1, 2}}},
                          same);
  confirm<v_three, v_two>({{shapes::square{2}}, {shapes::triangle{1, 2}}}, {{shapes::circle{1}}},
                          [&](const v_three& a, const v_two& b) { return same(b, a); });
}

TEST(Compat, ElementsAndUnits) {
  using namespace one;
  expect_change<t_two, t_three>(format::binary, rule::length_changed, false, false);
  expect_change<t_two, t_three>(format::json, rule::length_changed, true, true);
  auto same_t = [](const t_two& a, const t_three& b) {
    return std::get<0>(a.x) == std::get<0>(b.x) && std::get<1>(a.x) == std::get<1>(b.x);
  };
  confirm<t_two, t_three>({{{1, "a"}}}, {{{1, "a", true}}}, same_t);
  confirm<a_three, a_four>({{{1, 2, 3}}}, {{{1, 2, 3, 4}}}, [](const a_three&, const a_four&) { return true; });
  expect_change<secs, millis>(format::binary, rule::unit_changed, true, true);
  confirm<secs, millis>({{std::chrono::seconds(5)}}, {{std::chrono::milliseconds(5000)}},
                        [](const secs& a, const millis& b) { return a.x == b.x; });
  confirm<at_s, at_ms>({{std::chrono::sys_seconds(std::chrono::seconds(1700000000))}},
                       {{std::chrono::sys_time<std::chrono::milliseconds>(std::chrono::milliseconds(1700000000123))}},
                       [](const at_s& a, const at_ms& b) { return a.x == b.x; });
}

TEST(Compat, ASurrogateIsWhatItTravelsAs) {
  using namespace one;
  static_assert(prism::compat::check<text, labelled>().size == 0);
  confirm<text, labelled>({{"a"}}, {{label{"b"}}}, [](const text& a, const labelled& b) { return a.x == b.x.text; });
  expect_change<i32, labelled>(format::binary, rule::kind_changed, true, true);
}

TEST(Compat, MapsAndMultimaps) {
  using namespace one;
  expect_change<map1, mmap>(format::binary, rule::keys_may_repeat, false, true);
  auto same = [](const auto& a, const auto& b) {
    return std::equal(a.x.begin(), a.x.end(), b.x.begin(), b.x.end());
  };
  confirm<map1, mmap>({{{{1, "a"}, {2, "b"}}}}, {{{{1, "a"}}}, {{{1, "a"}, {1, "b"}}}}, same);
}

// The versions of the binary format's compatibility tests (tests/bin): every change classified.
TEST(Compat, TheBinaryTestsVersions) {
  EXPECT_EQ(prism::compat::to_text(prism::compat::check<v1::order, v2::order>()),
            golden_text("v1_v2.txt", prism::compat::to_text(prism::compat::check<v1::order, v2::order>())));
  EXPECT_EQ(prism::compat::to_text(prism::compat::check<v2::order, v3::order>()),
            golden_text("v2_v3.txt", prism::compat::to_text(prism::compat::check<v2::order, v3::order>())));
  EXPECT_EQ(prism::compat::to_text(prism::compat::check<shipping_v1::order, shipping_v2::order>()),
            golden_text("shipping.txt",
                        prism::compat::to_text(prism::compat::check<shipping_v1::order, shipping_v2::order>())));
  EXPECT_EQ(prism::compat::to_text(prism::compat::check<sharing_v1::document, sharing_v2::document>()),
            golden_text("sharing.txt",
                        prism::compat::to_text(prism::compat::check<sharing_v1::document, sharing_v2::document>())));
  // as a constant: the build can hold a release to it
  static_assert(prism::compat::backward<shipping_v1::order, shipping_v2::order>());
  static_assert(!prism::compat::check<shipping_v1::order, shipping_v2::order>().forward());
  static_assert(!prism::compat::check<v1::order, v2::order>().backward());  // in JSON: the note's tuple grew
}

// The items of those versions carry across as their reports say, in both formats and directions.
TEST(Compat, TheBinaryTestsItemsRoundTrip) {
  auto same12 = [](const v1::item& a, const v2::item& b) {
    return a.id == b.id && a.name == b.name && (b.count ? a.count == *b.count : a.count == 0) &&
           static_cast<double>(a.weight) == b.weight;
  };
  confirm<v1::item, v2::item>({{1, "one", 10, 0.5f}, {2147483647, "max", 0, 1.5f}},
                              {{1, "one", 10, 0.5, "s"}, {1LL << 40, "big", std::nullopt, 0.1, "s"}}, same12);
  auto same23 = [](const v2::item& a, const v3::item& b) {
    return a.id == b.identifier && (a.count ? *a.count == b.quantity : b.quantity == 0) &&
           a.weight == static_cast<double>(b.mass) && a.sku == b.sku;
  };
  confirm<v2::item, v3::item>({{1, "one", 10, 0.5, "s"}, {100000, "big", 3, 0.1, "s"}}, {{7, 70, 7.5f, "S"}}, same23);
}

TEST(Compat, ReportAsJson) {
  std::string out;
  ASSERT_TRUE(prism::compat::write_report(out, prism::compat::check<shipping_v1::order, shipping_v2::order>()));
  EXPECT_EQ(out,
            R"({"backward":true,"forward":false,"changes":[)"
            R"({"format":"binary","path":"state","rule":"enumerator added","detail":"refunded","breaks_backward":false,"breaks_forward":true},)"
            R"({"format":"json","view":"default","path":"state","rule":"enumerator added","detail":"refunded","breaks_backward":false,"breaks_forward":true}]})");
}

}  // namespace
