// Naming policies: the word-splitting rule of core/naming.hpp, checked at compile time and at run time.
#include <prism/core/naming.hpp>

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <string_view>

namespace {

std::string spelled(std::string_view name, prism::naming_policy p) {
  std::string out(prism::apply_naming(name, p, nullptr), '\0');
  EXPECT_EQ(prism::apply_naming(name, p, out.data()), out.size());
  return out;
}

struct spelling {
  std::string_view declared, snake, camel, pascal, kebab, screaming;
};

// Each row: one declared name and its spelling under every policy.
constexpr std::array<spelling, 18> table = {{
    {"int_value", "int_value", "intValue", "IntValue", "int-value", "INT_VALUE"},
    {"intValue", "int_value", "intValue", "IntValue", "int-value", "INT_VALUE"},
    {"IntValue", "int_value", "intValue", "IntValue", "int-value", "INT_VALUE"},
    {"HTTPVersion", "http_version", "httpVersion", "HttpVersion", "http-version", "HTTP_VERSION"},
    {"userID2", "user_id2", "userId2", "UserId2", "user-id2", "USER_ID2"},
    {"userID", "user_id", "userId", "UserId", "user-id", "USER_ID"},
    {"getHTTPResponseCode", "get_http_response_code", "getHttpResponseCode", "GetHttpResponseCode",
     "get-http-response-code", "GET_HTTP_RESPONSE_CODE"},
    {"URL", "url", "url", "Url", "url", "URL"},
    {"utf8_text", "utf8_text", "utf8Text", "Utf8Text", "utf8-text", "UTF8_TEXT"},
    {"utf8Text", "utf8_text", "utf8Text", "Utf8Text", "utf8-text", "UTF8_TEXT"},
    {"v2api", "v2api", "v2api", "V2api", "v2api", "V2API"},
    {"version2Beta", "version2_beta", "version2Beta", "Version2Beta", "version2-beta", "VERSION2_BETA"},
    {"id_", "id", "id", "Id", "id", "ID"},
    {"_private", "private", "private", "Private", "private", "PRIVATE"},
    {"kebab-name", "kebab_name", "kebabName", "KebabName", "kebab-name", "KEBAB_NAME"},
    {"SCREAMING_NAME", "screaming_name", "screamingName", "ScreamingName", "screaming-name", "SCREAMING_NAME"},
    {"x", "x", "x", "X", "x", "X"},
    {"_", "_", "_", "_", "_", "_"},
}};

TEST(Naming, EveryPolicyFollowsTheDocumentedRule) {
  for (const auto& row : table) {
    SCOPED_TRACE(std::string(row.declared));
    EXPECT_EQ(spelled(row.declared, prism::as_declared), row.declared);
    EXPECT_EQ(spelled(row.declared, prism::snake_case), row.snake);
    EXPECT_EQ(spelled(row.declared, prism::camel_case), row.camel);
    EXPECT_EQ(spelled(row.declared, prism::pascal_case), row.pascal);
    EXPECT_EQ(spelled(row.declared, prism::kebab_case), row.kebab);
    EXPECT_EQ(spelled(row.declared, prism::screaming_snake_case), row.screaming);
  }
}

TEST(Naming, NonAsciiLettersHaveNoCaseAndStayInTheirWord) {
  EXPECT_EQ(spelled("größe_in_cm", prism::camel_case), "größeInCm");
  EXPECT_EQ(spelled("straßeName", prism::snake_case), "straße_name");
}

// Spelling runs at compile time; the length alone needs no output buffer.
static_assert(prism::apply_naming("HTTPVersion", prism::snake_case, nullptr) == 12);
static_assert(prism::apply_naming("int_value", prism::camel_case, nullptr) == 8);

}  // namespace
