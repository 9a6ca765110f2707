// Real documents read by prism and by an independent reader (nlohmann::json, through models/load_nlohmann.hpp)
// into the same typed models, then round-tripped; and the golden files read back as the models that wrote them.
#include "round_trip.hpp"

#include <fstream>
#include <sstream>

#include "../../models/canada.hpp"
#include "../../models/json_performance.hpp"
#include "../../models/jsonsink.hpp"
#include "../../models/load_nlohmann.hpp"
#include "../../models/seed000.hpp"
#include "../../models/twitter.hpp"

namespace {

// ---- real data, against an independent reader ----------------------------------------------------------

std::string data_path(const std::string& name) { return std::string(PRISM_DATA_DIR) + "/json/" + name; }

/// The file's bytes; fails the calling test (and returns nothing) when it cannot be read.
std::optional<std::string> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    ADD_FAILURE() << "cannot read " << path;
    return std::nullopt;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// Reads the file with prism and with nlohmann (models::load_file), expects the same model, then round-trips it.
template <class T>
T expect_same_as_independent_reader(const std::string& name) {
  std::string path = data_path(name);
  auto text = read_file(path);
  if (!text) return {};
  auto mine = prism::json::read<T>(*text);
  if (!mine) {
    ADD_FAILURE() << name << ": " << mine.error().message();
    return {};
  }
  EXPECT_EQ(difference(*mine, models::load_file<T>(path)), "") << name;
  expect_round_trip(*mine);
  return std::move(*mine);
}

TEST(RoundTripRealData, Canada) { expect_same_as_independent_reader<canada::feature_collection>("canada.json"); }

TEST(RoundTripRealData, Twitter) {
  twitter::search_response r = expect_same_as_independent_reader<twitter::search_response>("twitter.json");
  EXPECT_EQ(r.statuses.size(), 100u);  // the model really was filled
  expect_reads_reencoded(r);
}

TEST(RoundTripRealData, JsonPerformance) {
  json_performance::obj_t o = expect_same_as_independent_reader<json_performance::obj_t>("json_performance.json");
  EXPECT_EQ(difference(o, json_performance::make()), "");  // the model's own copy of the file's values
}

TEST(RoundTripRealData, GeneratedModels) {
  expect_round_trip(ns::model::build(1000, -500));
  expect_round_trip(jsonsink::make_document());
  expect_round_trip(jsonsink::make_document(12345));
}

// ---- golden files --------------------------------------------------------------------------------------

/// A golden file (tests/json/golden_test.cpp says which model and options made it) reads back as its model.
template <class T>
void expect_golden_reads_as(const std::string& name, const T& model, const read_options& ro = {}) {
  auto text = read_file(std::string(PRISM_SOURCE_DIR) + "/tests/golden/" + name);
  if (!text) return;
  auto back = prism::json::read<T>(*text, ro);
  ASSERT_TRUE(back) << name << ": " << back.error().message();
  EXPECT_EQ(difference(model, *back), "") << name;
}

TEST(RoundTripGolden, FilesReadBackAsTheirModels) {
  expect_golden_reads_as("seed000_snake.json", ns::model::build(2, 10));
  expect_golden_reads_as("site_compact.json", golden::make_site());
  expect_golden_reads_as("site_pretty.json", golden::make_site());
  expect_golden_reads_as("site_ascii.json", golden::make_site(), {.enums_as_numbers = true});  // nulls skipped too
}

}  // namespace
