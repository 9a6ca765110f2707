// Compile-time reflection: aggregate field counts and names, member names, enum names, type names.
#include <prism/core/reflect.hpp>

#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

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

TEST(Reflect, HundredAndTwentyEightFields) {
  struct wide {
    char c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13, c14, c15, c16, c17, c18, c19, c20, c21, c22, c23,
        c24, c25, c26, c27, c28, c29, c30, c31, c32, c33, c34, c35, c36, c37, c38, c39, c40, c41, c42, c43, c44, c45,
        c46, c47, c48, c49, c50, c51, c52, c53, c54, c55, c56, c57, c58, c59, c60, c61, c62, c63, c64, c65, c66, c67,
        c68, c69, c70, c71, c72, c73, c74, c75, c76, c77, c78, c79, c80, c81, c82, c83, c84, c85, c86, c87, c88, c89,
        c90, c91, c92, c93, c94, c95, c96, c97, c98, c99, c100, c101, c102, c103, c104, c105, c106, c107, c108, c109,
        c110, c111, c112, c113, c114, c115, c116, c117, c118, c119, c120, c121, c122, c123, c124, c125, c126, c127;
  };
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
