// Golden files: the exact bytes prism writes for fixed models, checked in under tests/golden/.
// Regenerate after an intended format change with PRISM_UPDATE_GOLDEN=1 and review the diff.
#include <prism/prism.hpp>

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "../../models/seed000.hpp"
#include "golden_site.hpp"

namespace {

std::string golden_path(const std::string& name) { return std::string(PRISM_SOURCE_DIR) + "/tests/golden/" + name; }

void check_golden(const std::string& name, const std::string& actual) {
  if (std::getenv("PRISM_UPDATE_GOLDEN")) {
    std::ofstream(golden_path(name), std::ios::binary) << actual;
  }
  std::ifstream in(golden_path(name), std::ios::binary);
  ASSERT_TRUE(in) << "missing golden file " << golden_path(name);
  std::stringstream ss;
  ss << in.rdbuf();
  EXPECT_EQ(actual, ss.str()) << name;
  EXPECT_TRUE(nlohmann::json::accept(actual)) << name;
}

TEST(Golden, Seed000ModelPretty) {
  check_golden("seed000_snake.json", prism::json::to_string(ns::model::build(2, 10), {.indent = 2}).value());
}

TEST(Golden, SiteCompact) { check_golden("site_compact.json", prism::json::to_string(golden::make_site()).value()); }

TEST(Golden, SitePretty) {
  check_golden("site_pretty.json", prism::json::to_string(golden::make_site(), {.indent = 4}).value());
}

TEST(Golden, SiteAsciiOnly) {
  check_golden("site_ascii.json",
               prism::json::to_string(golden::make_site(), {.escape_non_ascii = true, .enums_as_numbers = true,
                                                            .skip_null_fields = true})
                   .value());
}

}  // namespace
