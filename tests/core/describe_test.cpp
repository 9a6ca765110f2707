// Descriptions: the kinds types map to, and the fields records expose, with no format involved.
#include <prism/prism.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace shop {
struct item {
  std::string sku;
  int qty;
};

class cart {
 public:
  int count() const { return static_cast<int>(items_.size()); }
  const std::vector<item>& items() const { return items_; }
  void set_items(std::vector<item> v) { items_ = std::move(v); }

 private:
  std::vector<item> items_;
};
constexpr auto prism_describe(prism::type_t<cart>) {
  return prism::fields(prism::field("items", &cart::items, &cart::set_items), prism::field("count", &cart::count));
}

struct money {
  long cents;
};
constexpr auto prism_describe(prism::type_t<money>) {
  return prism::as<double>([](const money& m) { return static_cast<double>(m.cents) / 100; });
}
}  // namespace shop

// A type from a namespace we do not own, described from namespace prism.
namespace vendor {
class opaque {
 public:
  int level() const { return 3; }
};
}  // namespace vendor
namespace prism {
constexpr auto prism_describe(type_t<vendor::opaque>) { return fields(field("level", &vendor::opaque::level)); }
}  // namespace prism

namespace {
using prism::kind;
using prism::kind_of;

static_assert(kind_of<bool> == kind::boolean);
static_assert(kind_of<char> == kind::character);
static_assert(kind_of<signed char> == kind::integer);
static_assert(kind_of<unsigned long long> == kind::integer);
static_assert(kind_of<float> == kind::floating);
static_assert(kind_of<long double> == kind::none);
static_assert(kind_of<std::string> == kind::string);
static_assert(kind_of<const char*> == kind::string);
static_assert(kind_of<std::vector<std::byte>> == kind::bytes);
static_assert(kind_of<std::vector<unsigned char>> == kind::sequence);
static_assert(kind_of<std::map<std::string, int>> == kind::map);
static_assert(kind_of<std::optional<int>> == kind::optional);
static_assert(kind_of<std::shared_ptr<int>> == kind::pointer);
static_assert(kind_of<int*> == kind::none);
static_assert(kind_of<std::variant<int, float>> == kind::variant);
static_assert(kind_of<std::monostate> == kind::null);
static_assert(kind_of<std::tuple<int>> == kind::tuple);
static_assert(kind_of<std::chrono::seconds> == kind::duration);
static_assert(kind_of<std::chrono::system_clock::time_point> == kind::timestamp);
static_assert(kind_of<shop::item> == kind::record);
static_assert(kind_of<shop::cart> == kind::record);
static_assert(kind_of<shop::money> == kind::surrogate);
static_assert(kind_of<vendor::opaque> == kind::record);

static_assert(prism::field_count_of<shop::item> == 2);
static_assert(prism::field_name_of<shop::item, 0> == "sku");
static_assert(prism::field_name_of<shop::cart, 1> == "count");

// Token-level view of a record walk: the names and values a format would receive.
TEST(Describe, ForEachFieldVisitsInOrder) {
  shop::cart c;
  c.set_items({{"a", 1}, {"b", 2}});
  std::vector<std::string> seen;
  bool done = prism::for_each_field(c, [&](auto i, const auto& v) {
    constexpr std::size_t I = decltype(i)::value;
    seen.emplace_back(prism::field_name_of<shop::cart, I>);
    if constexpr (I == 1) EXPECT_EQ(v, 2);
    else EXPECT_EQ(v.size(), 2u);
    return true;
  });
  EXPECT_TRUE(done);
  EXPECT_EQ(seen, (std::vector<std::string>{"items", "count"}));
}

TEST(Describe, ForEachFieldStopsEarly) {
  shop::item it{"x", 1};
  int calls = 0;
  EXPECT_FALSE(prism::for_each_field(it, [&](auto, const auto&) { return ++calls < 1; }));
  EXPECT_EQ(calls, 1);
}

TEST(Describe, DescriptionsDriveTheWriter) {
  shop::cart c;
  c.set_items({{"a", 1}});
  EXPECT_EQ(prism::json::to_string(c).value(), R"({"items":[{"sku":"a","qty":1}],"count":1})");
  EXPECT_EQ(prism::json::to_string(shop::money{1999}).value(), "19.99");
  EXPECT_EQ(prism::json::to_string(vendor::opaque{}).value(), R"({"level":3})");
}

}  // namespace
