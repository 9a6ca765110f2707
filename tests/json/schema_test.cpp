// JSON Schema: the schemas of the contract model (every kind, every change a view makes) as golden files, and what
// write_schema promises beside them. Whether the schemas are right is schema_check.py's work (CTest json.schema):
// it holds them to a real validator and to prism's reader over generated documents.
// Regenerate the golden files after an intended change with PRISM_UPDATE_GOLDEN=1 and review the diff.
#include <prism/prism.hpp>

#include <gtest/gtest.h>

#include <array>
#include <cstdlib>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "contract_model.hpp"

namespace one {
struct item {
  int a = 0;
};
}  // namespace one
namespace two {
struct item {
  std::string b;
  one::item other;
};
}  // namespace two

namespace {

void check_golden(const std::string& name, const std::string& actual) {
  const std::string path = std::string(PRISM_SOURCE_DIR) + "/tests/golden/schema/" + name;
  if (std::getenv("PRISM_UPDATE_GOLDEN")) std::ofstream(path, std::ios::binary) << actual;
  std::ifstream in(path, std::ios::binary);
  ASSERT_TRUE(in) << "missing golden file " << path;
  std::stringstream ss;
  ss << in.rdbuf();
  EXPECT_EQ(actual, ss.str()) << name;
}

nlohmann::json parsed(const prism::result<std::string>& schema) { return nlohmann::json::parse(schema.value()); }

TEST(Schema, ContractModelInBothViews) {
  check_golden("contract.json", prism::json::schema<contract::everything>({}, {.indent = 2}).value() + "\n");
  check_golden("contract_api.json",
               prism::json::schema<contract::everything>(contract::api{}, {.reject_unknown_fields = true, .indent = 2})
                       .value() +
                   "\n");
}

// What the golden files show, spelled out: the parts a reader of the schema relies on.
TEST(Schema, SaysWhatTheViewWritesAndReads) {
  const nlohmann::json d = parsed(prism::json::schema<contract::everything>());
  const nlohmann::json& e = d["$defs"]["everything"];
  EXPECT_EQ(d["$ref"], "#/$defs/everything");
  EXPECT_EQ(e["properties"]["small"], (nlohmann::json{{"type", "integer"}, {"minimum", 0}, {"maximum", 255}}));
  EXPECT_EQ(e["properties"]["huge"]["maximum"], 18446744073709551615ull);
  EXPECT_EQ(e["properties"]["state"]["enum"], (nlohmann::json{"draft", "published", "archived"}));
  EXPECT_EQ(e["properties"]["at"]["format"], "date-time");
  EXPECT_EQ(e["properties"]["blob"]["contentEncoding"], "base64");
  EXPECT_EQ(e["properties"]["by_id"]["patternProperties"].begin().key(), "^-?(0|[1-9][0-9]*)$");
  EXPECT_EQ(e["properties"]["extra"], nlohmann::json::object());  // json::value: anything
  EXPECT_EQ(d["$defs"]["node"]["properties"]["children"]["items"]["anyOf"][1]["$ref"], "#/$defs/node");  // recursion
  EXPECT_EQ(d["$defs"]["account"]["properties"]["dollars"]["readOnly"], true);
  EXPECT_FALSE(e.contains("additionalProperties"));  // unknown keys are skipped by default

  const nlohmann::json a = parsed(prism::json::schema<contract::everything>(contract::api{}, {.reject_unknown_fields = true}));
  const nlohmann::json& v = a["$defs"]["everything"];
  EXPECT_EQ(a["$id"], contract::api::name);
  EXPECT_TRUE(v["properties"].contains("headline") && !v["properties"].contains("title"));  // renamed
  EXPECT_FALSE(v["properties"].contains("blob"));                                           // omitted
  EXPECT_EQ(v["properties"]["state"]["type"], "integer");                                  // enum_number
  EXPECT_EQ(v["properties"]["accountCount"]["readOnly"], true);                            // computed
  EXPECT_EQ(v["additionalProperties"], false);
  const auto& required = v["required"];
  EXPECT_EQ(std::count(required.begin(), required.end(), "maybe"), 0);  // omitted when null
  EXPECT_EQ(std::count(required.begin(), required.end(), "headline"), 1);
}

TEST(Schema, IntoEverySinkTheSameText) {
  const std::string text = prism::json::schema<contract::everything>(contract::api{}).value();
  std::string into_string;
  ASSERT_TRUE(prism::json::write_schema<contract::everything>(into_string, contract::api{}));
  EXPECT_EQ(into_string, text);
  std::array<char, 64> buf;
  std::string chunks;
  prism::io::fixed_sink small(std::span<char>(buf), [&](std::string_view c) {
    chunks += c;
    return true;
  });
  ASSERT_TRUE(prism::json::write_schema<contract::everything>(small, contract::api{}));
  EXPECT_EQ(chunks, text);
  // a view chosen at run time gives the chosen view's schema
  using api = prism::one_of<prism::default_view, contract::api>;
  EXPECT_EQ(prism::json::schema<contract::everything>(api(contract::api{})).value(), text);
  EXPECT_EQ(prism::json::schema<contract::everything>(api()).value(), prism::json::schema<contract::everything>().value());
}

TEST(Schema, TypesThatShareANameAreNumbered) {
  const nlohmann::json d = parsed(prism::json::schema<two::item>());
  EXPECT_EQ(d["$ref"], "#/$defs/item");
  EXPECT_EQ(d["$defs"]["item"]["properties"]["other"]["$ref"], "#/$defs/item_2");
  EXPECT_EQ(d["$defs"]["item_2"]["properties"]["a"]["type"], "integer");
}

TEST(Schema, AnyTypeAtTheRoot) {
  EXPECT_EQ(parsed(prism::json::schema<std::vector<std::uint16_t>>()),
            (nlohmann::json{{"$schema", "https://json-schema.org/draft/2020-12/schema"},
                            {"type", "array"},
                            {"items", {{"type", "integer"}, {"minimum", 0}, {"maximum", 65535}}}}));
  const nlohmann::json m = parsed(prism::json::schema<std::map<std::string, std::optional<double>>>({}, {.nonfinite_as_null = true}));
  EXPECT_EQ(m["additionalProperties"]["anyOf"][1]["type"], (nlohmann::json{"number", "null"}));
  EXPECT_FALSE(m.contains("$defs"));
}

}  // namespace
