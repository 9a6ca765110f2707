// Views: one model, several JSON shapes chosen at run time, written and read back.
#include <prism/prism.hpp>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "models/seed000.hpp"
#include "models/twitter.hpp"

namespace api {

enum class role { guest, member, admin };

struct address {
  std::string street_name;
  std::string postal_code;
};

struct user {
  std::uint64_t user_id = 0;
  std::string first_name;
  std::string last_name;
  std::string password_hash;
  role account_role = role::guest;
  std::chrono::sys_time<std::chrono::milliseconds> created_at{};
  std::optional<std::string> nick_name;
  std::vector<std::string> tag_list;
  int login_count = 0;
  address home_address;
};

struct snake : prism::view {
  static constexpr auto naming = prism::snake_case;
  static constexpr std::string_view name = "snake";
};
struct camel : prism::view {
  static constexpr auto naming = prism::camel_case;
  static constexpr std::string_view name = "camel";
};

// v1: snake_case, numeric roles, epoch milliseconds, no password hash.
struct v1 : snake {};
constexpr auto prism_view(prism::type_t<user>, v1) {
  return prism::changes(prism::omit("password_hash"), prism::represent("account_role", prism::enum_number),
                        prism::represent("created_at", prism::epoch_milliseconds));
}

// v2 starts from v1's changes, keeps enum names and RFC 3339 times, and adds a computed field and omission rules.
struct v2 : camel {};
constexpr auto prism_view(prism::type_t<user>, v2) {
  return prism::changes(prism::omit("password_hash"), prism::rename("user_id", "id"),
                        prism::omit("nick_name", prism::when_null), prism::omit("tag_list", prism::when_empty),
                        prism::omit("login_count", prism::when_default),
                        prism::computed<user>("full_name", [](const user& u) { return u.first_name + " " + u.last_name; }));
}

// Every type keeps its own shape (use_default), and roles are numbers everywhere (a type-level representation).
struct legacy : camel {};
constexpr auto prism_view(prism::type_t<address>, legacy) { return prism::use_default; }
constexpr auto prism_view(prism::type_t<role>, legacy) { return prism::enum_number; }

// Views inherit their bases' per-type changes: v2_1 is v2 with a kebab-case spelling.
struct v2_1 : v2 {
  static constexpr auto naming = prism::kebab_case;
};

user sample() {
  user u;
  u.user_id = 42;
  u.first_name = "Ada";
  u.last_name = "Lovelace";
  u.password_hash = "$argon2$secret";
  u.account_role = role::admin;
  u.created_at = std::chrono::sys_time<std::chrono::milliseconds>(std::chrono::milliseconds(1'700'000'000'123));
  u.nick_name = "ada";
  u.tag_list = {"math", "engines"};
  u.login_count = 3;
  u.home_address = {"St James's Square", "SW1Y"};
  return u;
}

// A class with private state, described with getters and setters, and a view that adds a read-write property.
class account {
 public:
  const std::string& owner() const { return owner_; }
  void set_owner(std::string o) { owner_ = std::move(o); }
  long balance_cents() const { return cents_; }
  void set_balance_cents(long c) { cents_ = c; }

 private:
  std::string owner_;
  long cents_ = 0;
};
constexpr auto prism_describe(prism::type_t<account>) {
  return prism::fields(prism::field("owner", &account::owner, &account::set_owner),
                       prism::field("balance_cents", &account::balance_cents, &account::set_balance_cents));
}
constexpr auto prism_view(prism::type_t<account>, camel) {
  return prism::changes(prism::omit("balance_cents"),
                        prism::field<account>("balance", [](const account& a) { return static_cast<double>(a.balance_cents()) / 100; },
                                     [](account& a, double v) { a.set_balance_cents(static_cast<long>(v * 100 + 0.5)); }));
}

// Fields omitted by a predicate on the record, as seed 001's `put_field_unless :large?`.
struct post {
  std::string title;
  std::string body;
  bool large() const { return body.size() > 10; }
};
struct summary : prism::view {};
constexpr auto prism_view(prism::type_t<post>, summary) {
  return prism::changes(prism::omit("body", prism::when([](const post& p) { return p.large(); })));
}

// A view whose fields with no rule of their own are omitted when null.
struct sparse : prism::view {
  static constexpr auto omit = prism::when_null;
};
struct profile {
  std::optional<int> age;
  std::unique_ptr<std::string> motto;
  int score = 0;
};

}  // namespace api

namespace {

using prism::json::read;
using prism::json::to_string;

TEST(View, NamesAreSpelledByTheViewsPolicy) {
  auto c = ns::model::build(1, 10);
  EXPECT_EQ(to_string(c, api::camel{}).value(), R"({"bValues":[{"aValue":{"intValue":10,"floatValue":10,"stringValue":"10"}}]})");
  EXPECT_EQ(to_string(c, api::snake{}).value(), to_string(c).value());
}

// The two documents of seed post 000 (keys sorted there by nlohmann's std::map; values compared as JSON).
TEST(View, ReproducesSeedPost000) {
  ns::model::C c;
  for (int i = 10; i < 12; i++) c.b_values.push_back(ns::model::B{ns::model::A{i, static_cast<float>(i), std::to_string(i)}});
  const char* snake = R"({"b_values":[{"a_value":{"float_value":10.0,"int_value":10,"string_value":"10"}},
                         {"a_value":{"float_value":11.0,"int_value":11,"string_value":"11"}}]})";
  const char* camel = R"({"bValues":[{"aValue":{"floatValue":10.0,"intValue":10,"stringValue":"10"}},
                         {"aValue":{"floatValue":11.0,"intValue":11,"stringValue":"11"}}]})";
  using choice = prism::one_of<prism::default_view, api::camel>;
  EXPECT_EQ(nlohmann::json::parse(to_string(c, choice(prism::default_view{}), {.indent = 2}).value()),
            nlohmann::json::parse(snake));
  EXPECT_EQ(nlohmann::json::parse(to_string(c, choice(api::camel{}), {.indent = 2}).value()), nlohmann::json::parse(camel));
}

TEST(View, OneOfDispatchesOnTheRunTimeChoice) {
  using choice = prism::one_of<api::v1, api::v2>;
  api::user u = api::sample();
  for (std::string_view version : {"1", "2"}) {
    choice v = version == "2" ? choice(api::v2{}) : choice(api::v1{});
    std::string text = to_string(u, v).value();
    if (version == "2") EXPECT_EQ(text, to_string(u, api::v2{}).value());
    else EXPECT_EQ(text, to_string(u, api::v1{}).value());
  }
  EXPECT_EQ(choice().index(), 0u);
  EXPECT_EQ(choice(api::v2{}).index(), 1u);
  using named = prism::one_of<api::snake, api::camel>;
  ASSERT_TRUE(named::named("camel").has_value());
  EXPECT_EQ(named::named("camel")->index(), 1u);
  EXPECT_FALSE(named::named("kebab").has_value());
}

TEST(View, ApiVersionsRenderAndReadBackTheirOwnShapes) {
  api::user u = api::sample();
  std::string t1 = to_string(u, api::v1{}).value();
  EXPECT_EQ(t1,
            R"({"user_id":42,"first_name":"Ada","last_name":"Lovelace","account_role":2,"created_at":1700000000123,)"
            R"("nick_name":"ada","tag_list":["math","engines"],"login_count":3,)"
            R"("home_address":{"street_name":"St James's Square","postal_code":"SW1Y"}})");
  std::string t2 = to_string(u, api::v2{}).value();
  EXPECT_EQ(t2,
            R"({"id":42,"firstName":"Ada","lastName":"Lovelace","accountRole":"admin","createdAt":"2023-11-14T22:13:20.123Z",)"
            R"("nickName":"ada","tagList":["math","engines"],"loginCount":3,)"
            R"("homeAddress":{"streetName":"St James's Square","postalCode":"SW1Y"},"fullName":"Ada Lovelace"})");
  // read back: everything but the omitted password hash comes back
  api::user expected = u;
  expected.password_hash.clear();
  for (const auto& back : {read<api::user>(t1, api::v1{}).value(), read<api::user>(t2, api::v2{}).value()})
    EXPECT_EQ(to_string(back).value(), to_string(expected).value());
}

TEST(View, OmissionRules) {
  api::user u;
  u.first_name = "A";
  std::string t = to_string(u, api::v2{}).value();
  EXPECT_EQ(t.find("nickName"), std::string::npos);    // when_null
  EXPECT_EQ(t.find("tagList"), std::string::npos);     // when_empty
  EXPECT_EQ(t.find("loginCount"), std::string::npos);  // when_default
  u.nick_name = "";
  u.tag_list = {""};
  u.login_count = 1;
  t = to_string(u, api::v2{}).value();
  EXPECT_NE(t.find(R"("nickName":"")"), std::string::npos);
  EXPECT_NE(t.find(R"("tagList":[""])"), std::string::npos);
  EXPECT_NE(t.find(R"("loginCount":1)"), std::string::npos);

  EXPECT_EQ(to_string(api::post{"t", "short"}, api::summary{}).value(), R"({"title":"t","body":"short"})");
  EXPECT_EQ(to_string(api::post{"t", "a long body"}, api::summary{}).value(), R"({"title":"t"})");

  api::profile p;
  EXPECT_EQ(to_string(p, api::sparse{}).value(), R"({"score":0})");
  p.age = 7;
  p.motto = std::make_unique<std::string>("go");
  EXPECT_EQ(to_string(p, api::sparse{}).value(), R"({"age":7,"motto":"go","score":0})");
  EXPECT_EQ(to_string(api::profile{}).value(), R"({"age":null,"motto":null,"score":0})");
}

TEST(View, UseDefaultAndTypeLevelRepresentations) {
  api::user u = api::sample();
  std::string t = to_string(u, api::legacy{}).value();
  EXPECT_NE(t.find(R"("homeAddress":{"street_name":"St James's Square","postal_code":"SW1Y"})"), std::string::npos) << t;
  EXPECT_NE(t.find(R"("accountRole":2)"), std::string::npos) << t;
  std::vector<api::role> roles{api::role::guest, api::role::admin};
  EXPECT_EQ(to_string(roles, api::legacy{}).value(), "[0,2]");
  std::map<std::string, std::optional<api::role>> by_name{{"a", api::role::member}, {"b", std::nullopt}};
  EXPECT_EQ(to_string(by_name, api::legacy{}).value(), R"({"a":1,"b":null})");
  EXPECT_EQ(read<std::vector<api::role>>("[2,1]", api::legacy{}).value(), (std::vector<api::role>{api::role::admin, api::role::member}));
  auto back = read<api::user>(t, api::legacy{}).value();
  EXPECT_EQ(to_string(back, api::legacy{}).value(), t);
}

TEST(View, DerivedViewsInheritChangesAndOverrideNaming) {
  std::string t = to_string(api::sample(), api::v2_1{}).value();
  EXPECT_EQ(t.substr(0, 40), R"({"id":42,"first-name":"Ada","last-name":)");
  EXPECT_NE(t.find(R"("full-name":"Ada Lovelace")"), std::string::npos);
  EXPECT_EQ(t.find("password"), std::string::npos);
}

TEST(View, DescribedClassesAndAddedReadWriteFields) {
  api::account a;
  a.set_owner("Ada");
  a.set_balance_cents(12345);
  std::string t = to_string(a, api::camel{}).value();
  EXPECT_EQ(t, R"({"owner":"Ada","balance":123.45})");
  auto back = read<api::account>(R"({"owner":"Bob","balance":7.5})", api::camel{}).value();
  EXPECT_EQ(back.owner(), "Bob");
  EXPECT_EQ(back.balance_cents(), 750);
  EXPECT_EQ(to_string(a).value(), R"({"owner":"Ada","balance_cents":12345})");
}

TEST(View, ReadingUsesTheViewsNamesInErrors) {
  auto r = read<ns::model::C>(R"({"bValues":[{"aValue":{"intValue":1}},{"aValue":{"intValue":"x"}}]})", api::camel{});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().path, "$.bValues[1].aValue.intValue");
  EXPECT_EQ(r.error().message(), "expected integer, found string at $.bValues[1].aValue.intValue (line 1, column 61)");

  // an omitted field is an unknown key to the view
  auto unknown = read<api::user>(R"({"id":1,"password_hash":"x"})", api::v2{}, {.reject_unknown_fields = true});
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().code, prism::error_code::unknown_field);
  EXPECT_EQ(unknown.error().path, "$.password_hash");
  // and skipped by default
  auto skipped = read<api::user>(R"({"id":1,"password_hash":"x"})", api::v2{});
  ASSERT_TRUE(skipped);
  EXPECT_EQ(skipped->password_hash, "");
  // computed fields are known, and skipped
  EXPECT_TRUE(read<api::user>(R"({"fullName":"x"})", api::v2{}, {.reject_unknown_fields = true}));
  // snake_case keys are unknown to the camelCase view
  auto snake_key = read<api::user>(R"({"first_name":"x"})", api::v2{}, {.reject_unknown_fields = true});
  ASSERT_FALSE(snake_key);
  EXPECT_EQ(snake_key.error().path, "$.first_name");

  auto missing = read<api::user>(R"({"id":1})", api::v2{}, {.require_all_fields = true});
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().detail, R"(missing required field "firstName" in user)");
}

TEST(View, RepresentationsCheckWhatTheyRead) {
  auto bad_role = read<api::user>(R"({"account_role":9})", api::v1{});
  EXPECT_TRUE(bad_role);  // an enum class holds any value of its underlying type
  auto bad_type = read<api::user>(R"({"account_role":"admin"})", api::v1{});
  ASSERT_FALSE(bad_type);
  EXPECT_EQ(bad_type.error().path, "$.account_role");
  EXPECT_EQ(bad_type.error().code, prism::error_code::type_mismatch);
  auto far = read<api::user>(R"({"created_at":9223372036854775807})", api::v1{});
  ASSERT_TRUE(far);  // milliseconds into a millisecond time point: exact
  EXPECT_EQ(far->created_at.time_since_epoch().count(), 9223372036854775807);
}

// epoch_seconds into a nanosecond time point: the count is range-checked, not wrapped.
struct timed {
  std::chrono::sys_time<std::chrono::nanoseconds> at{};
  std::chrono::sys_seconds day{};
};
struct epochs : prism::view {};
constexpr auto prism_view(prism::type_t<timed>, epochs) {
  return prism::changes(prism::represent("at", prism::epoch_seconds), prism::represent("day", prism::epoch_milliseconds));
}

TEST(View, EpochCountsAreRangeChecked) {
  timed t;
  t.at = std::chrono::sys_time<std::chrono::nanoseconds>(std::chrono::nanoseconds(-1'500'000'000));  // rounds down
  t.day = std::chrono::sys_seconds(std::chrono::seconds(86400));
  EXPECT_EQ(to_string(t, epochs{}).value(), R"({"at":-2,"day":86400000})");
  auto ok = read<timed>(R"({"at":1700000000,"day":1500})", epochs{}).value();
  EXPECT_EQ(ok.at.time_since_epoch().count(), 1'700'000'000'000'000'000);
  EXPECT_EQ(ok.day.time_since_epoch().count(), 1);  // 1.5 s rounds down to 1 s
  auto over = read<timed>(R"({"at":9300000000})", epochs{});
  ASSERT_FALSE(over);
  EXPECT_EQ(over.error().code, prism::error_code::out_of_range);
  EXPECT_EQ(over.error().path, "$.at");
  EXPECT_EQ(over.error().message(), "epoch count out of range for this time point at $.at (line 1, column 7)");
  timed far;
  far.day = std::chrono::sys_seconds(std::chrono::seconds(std::numeric_limits<std::int64_t>::max() / 10));
  auto w = to_string(far, epochs{});
  ASSERT_FALSE(w);
  EXPECT_EQ(w.error().code, prism::error_code::out_of_range);
  EXPECT_EQ(w.error().path, "$.day");
}

// An element read over an old one comes out as a fresh one would, even for the fields a view omits.
TEST(View, ReusedElementsLoseFieldsTheViewOmits) {
  std::vector<api::user> users(2, api::sample());
  std::string text = R"([{"id":1,"firstName":"B"},{"id":2}])";
  ASSERT_TRUE(prism::json::read_into(text, users, api::v2{}));
  auto fresh = read<std::vector<api::user>>(text, api::v2{}).value();
  EXPECT_EQ(to_string(users).value(), to_string(fresh).value());
  EXPECT_EQ(users[0].password_hash, "");
}

TEST(View, StreamsThroughAView) {
  std::string ndjson = to_string(api::sample(), api::v2{}).value() + "\n" + to_string(api::user{}, api::v2{}).value() + "\n";
  std::istringstream in(ndjson);
  std::vector<std::string> names;
  auto n = prism::json::read_records<api::user>(in, [&](api::user&& u) { names.push_back(u.first_name); },
                                                prism::one_of<api::v1, api::v2>(api::v2{}));
  ASSERT_TRUE(n) << n.error().message();
  EXPECT_EQ(*n, 2u);
  EXPECT_EQ(names, (std::vector<std::string>{"Ada", ""}));

  char buffer[64];
  std::string flushed;
  prism::io::fixed_sink sink(buffer, [&](std::string_view chunk) { return flushed.append(chunk), true; });
  ASSERT_TRUE(prism::json::write(api::sample(), sink, api::v2{}));
  EXPECT_EQ(flushed, to_string(api::sample(), api::v2{}).value());
}

// Round trips of the real twitter data through a renaming view: every key changes, nothing else does.
TEST(View, TwitterRoundTripsThroughCamelCase) {
  std::ifstream f(std::string(PRISM_DATA_DIR) + "/json/twitter.json", std::ios::binary);
  ASSERT_TRUE(f) << "missing " << PRISM_DATA_DIR << "/json/twitter.json";
  std::string text((std::istreambuf_iterator<char>(f)), {});
  auto original = read<twitter::search_response>(text).value();
  std::string camel = to_string(original, api::camel{}).value();
  EXPECT_EQ(camel.find("screen_name"), std::string::npos);
  EXPECT_NE(camel.find("screenName"), std::string::npos);
  auto back = read<twitter::search_response>(camel, api::camel{}, {.reject_unknown_fields = true}).value();
  EXPECT_EQ(to_string(back).value(), to_string(original).value());
}

}  // namespace
