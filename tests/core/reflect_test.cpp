// Compile-time reflection: aggregate field counts and names, member names, enum names, type names.
#include <prism/core/reflect.hpp>

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "wide_record.hpp"

namespace refl {
struct empty {};
struct one {
  int only;
};
struct mixed {
  std::string name_;
  std::vector<int> values;
  std::optional<double> maybe;
  one nested;  // a nested aggregate is one field, not brace-elided
  std::map<std::string, int> index;
  bool flag2;
};
struct with_arrays {  // C array members: brace elision spreads a bare initializer over their elements
  int id;
  double xs[3];
  char name[8];
  one pairs[2];  // an array of aggregates: one initializer an element
  int grid[2][3];
  std::unique_ptr<int> owner;
  std::vector<std::unique_ptr<int>> owned;  // {x} would be an initializer_list, copied: {} is what tells a field
  bool flags[4];
};
struct long_array {
  char text[1000];  // past the 128 fields: initializers are counted up to max_initializers
  int after;
};
enum class color { red, green = 5, blue };
enum unscoped { first, second };                  // no fixed underlying type
enum class wide : int { low = -128, high = 127 };  // the edges of the default range
enum class http : unsigned short { ok = 200, not_found = 404 };
template <class T>
struct box {
  T inside;
};
}  // namespace refl

template <>
struct prism::enum_range<refl::http> {
  static constexpr long long min = 100, max = 599;
};

namespace {
using namespace prism::detail;

static_assert(field_count<refl::empty> == 0);
static_assert(field_count<refl::one> == 1);
static_assert(field_count<refl::mixed> == 6);
static_assert(field_count<refl::with_arrays> == 8);
static_assert(field_names<refl::with_arrays>[1] == "xs" && field_names<refl::with_arrays>[4] == "grid");
static_assert(field_names<refl::with_arrays>[7] == "flags");
static_assert(field_count<refl::long_array> == 2 && field_names<refl::long_array>[1] == "after");
static_assert(field_names<refl::one>[0] == "only");
static_assert(field_names<refl::mixed>[0] == "name_");
static_assert(field_names<refl::mixed>[5] == "flag2");
static_assert(member_name<&refl::mixed::maybe>() == "maybe");
static_assert(type_name<refl::mixed>() == "mixed");
static_assert(type_name<refl::box<refl::one>>() == "box<refl::one>");
static_assert(type_name<int>() == "int");

TEST(Reflect, FieldNamesInDeclarationOrder) {
  std::vector<std::string_view> names(field_names<refl::mixed>.begin(), field_names<refl::mixed>.end());
  EXPECT_EQ(names, (std::vector<std::string_view>{"name_", "values", "maybe", "nested", "index", "flag2"}));
}

TEST(Reflect, VisitMembersGivesReferences) {
  refl::mixed m{"n", {1}, 2.5, {3}, {}, false};
  visit_members(m, [](auto&, auto& values, auto&, auto& nested, auto&, auto& flag) {
    values.push_back(2);
    nested.only = 4;
    flag = true;
  });
  EXPECT_EQ(m.values.size(), 2u);
  EXPECT_EQ(m.nested.only, 4);
  EXPECT_TRUE(m.flag2);
}

TEST(Reflect, EnumNames) {
  EXPECT_EQ(enum_name(refl::color::red), "red");
  EXPECT_EQ(enum_name(refl::color::green), "green");
  EXPECT_EQ(enum_name(refl::color::blue), "blue");
  EXPECT_EQ(enum_name(static_cast<refl::color>(3)), "");
  EXPECT_EQ(enum_name(refl::second), "second");
  EXPECT_EQ(enum_name(refl::wide::low), "low");
  EXPECT_EQ(enum_name(refl::wide::high), "high");
  EXPECT_EQ(enum_name(refl::http::not_found), "not_found");
  EXPECT_EQ(enum_name(static_cast<refl::http>(600)), "");  // outside the declared range
}

TEST(Reflect, ArrayMembersAreOneFieldEach) {
  refl::with_arrays v{7, {1.5, 2, 3}, "abc", {{1}, {2}}, {{1, 2, 3}, {4, 5, 6}}, nullptr, {}, {true}};
  visit_members(v, [](auto& id, auto& xs, auto& name, auto& pairs, auto& grid, auto& owner, auto& owned, auto& flags) {
    EXPECT_EQ(id, 7);
    EXPECT_EQ(xs[2], 3);
    EXPECT_STREQ(name, "abc");
    EXPECT_EQ(pairs[1].only, 2);
    EXPECT_EQ(grid[1][2], 6);
    EXPECT_EQ(owner, nullptr);
    EXPECT_TRUE(owned.empty());
    EXPECT_TRUE(flags[0] && !flags[3]);
  });
}

TEST(Reflect, HundredAndTwentyEightFields) {
  using wide = test_models::wide_record;
  static_assert(field_count<wide> == 128);
  EXPECT_EQ(field_names<wide>[127], "c127");
  EXPECT_EQ(field_names<wide>[64], "c64");
}

}  // namespace

namespace {
enum class hidden { inside, anonymous };  // clang spells it "(anonymous namespace)::hidden::inside"

TEST(Reflect, EnumNamesInAnonymousNamespaces) {
  EXPECT_EQ(enum_name(hidden::anonymous), "anonymous");
  EXPECT_EQ(enum_name(static_cast<hidden>(9)), "");
}
}  // namespace
