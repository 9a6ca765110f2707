// Golden files: the exact bytes prism writes for fixed models, checked in under tests/golden/.
// Regenerate after an intended format change with PRISM_UPDATE_GOLDEN=1 and review the diff.
#include <prism/prism.hpp>

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "../../models/seed000.hpp"

namespace golden {
enum class level { low, mid, high };
struct sensor {
  std::string id;
  level alert;
  std::optional<double> last;
  std::vector<std::int64_t> history;
  std::map<std::string, std::string> tags;
};
struct site {
  std::string name;
  std::uint64_t serial;
  bool online;
  std::vector<sensor> sensors;
  std::pair<double, double> location;
  std::chrono::sys_seconds commissioned;
  std::chrono::milliseconds poll;
  std::vector<std::byte> key;
  std::unique_ptr<sensor> spare;
  std::variant<std::monostate, std::string, std::int32_t> owner;
};

inline site make_site() {
  using namespace std::chrono;
  site s;
  s.name = "Zürich \"north\" 日本";
  s.serial = 18446744073709551615ull;
  s.online = true;
  s.sensors.push_back({"t-1", level::low, 21.25, {-1, 0, 9223372036854775807}, {{"room", "lab"}, {"floor", "2"}}});
  s.sensors.push_back({"t-2", level::high, std::nullopt, {}, {}});
  s.location = {47.3769, 8.5417};
  s.commissioned = sys_days{year{2024} / 2 / 29} + 23h + 59min + 59s;
  s.poll = milliseconds{2500};
  s.key = {std::byte{0}, std::byte{0xFF}, std::byte{0x10}};
  s.owner = std::int32_t{-7};
  return s;
}
}  // namespace golden

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
