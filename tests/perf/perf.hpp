// What the driver's files share (instructions.cpp: the cases, measured() and main; one file per format's operations,
// so that each compiles in reasonable time at -O2). Each operation is instantiated in the file of its format only,
// as a user's file would instantiate it; the other files reach it through the functions declared here.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "models/canada.hpp"
#include "models/json_performance.hpp"
#include "models/twitter.hpp"
#include "prism/json/value.hpp"

namespace prism_perf {

/// Everything a case reads and makes: inputs are filled by the case's setup, outputs by each run and kept (so
/// nothing a run makes can be optimized away) for the check after the measured runs.
struct state {
  const char* data_dir = "";  ///< the folder of the input files
  // inputs
  std::string json;  ///< the input document's text
  twitter::search_response twitter;
  canada::feature_collection canada;
  json_performance::obj_t json_performance;
  std::vector<std::byte> bytes;  ///< the binary document of the input model
  // outputs
  bool ok = true;              ///< every run succeeded
  std::string text;            ///< a JSON write's output (cleared before each run, its capacity kept)
  std::vector<std::byte> out;  ///< a binary write's output (the same)
  twitter::search_response twitter_out;
  canada::feature_collection canada_out;
  json_performance::obj_t json_performance_out;
  prism::json::value value_out;
};

/// Prints the message with the case's name and exits 1.
[[noreturn]] void die(const std::string& message);

// ---- json_write.cpp ---------------------------------------------------------------------------------------
void json_write_twitter(state& s);
void json_write_canada(state& s);
void json_write_json_performance(state& s);
/// The model's JSON (outside the measured runs: setups and checks).
std::string json_of(const twitter::search_response& v);
std::string json_of(const canada::feature_collection& v);
std::string json_of(const json_performance::obj_t& v);

// ---- json_read.cpp ----------------------------------------------------------------------------------------
void json_read_twitter(state& s);
void json_read_canada(state& s);
void json_read_json_performance(state& s);
void json_value_read_twitter(state& s);
/// Reads `text` into `out`, or dies naming `what` (outside the measured runs).
void json_read_model(std::string_view text, twitter::search_response& out, const std::string& what);
void json_read_model(std::string_view text, canada::feature_collection& out, const std::string& what);
void json_read_model(std::string_view text, json_performance::obj_t& out, const std::string& what);
void json_read_model(std::string_view text, prism::json::value& out, const std::string& what);
/// json::to of the twitter model from a generic value, or dies.
twitter::search_response twitter_from_value(const prism::json::value& v);

// ---- bin.cpp ----------------------------------------------------------------------------------------------
void bin_write_twitter(state& s);
void bin_write_canada(state& s);
void bin_read_twitter(state& s);
void bin_read_canada(state& s);
/// The model's binary document: how the checks compare two models (the same values make the same bytes).
std::vector<std::byte> bytes_of(const twitter::search_response& v);
std::vector<std::byte> bytes_of(const canada::feature_collection& v);
std::vector<std::byte> bytes_of(const json_performance::obj_t& v);
/// Reads a binary document into `out`, or dies.
void bin_read_model(const std::vector<std::byte>& bytes, twitter::search_response& out);
void bin_read_model(const std::vector<std::byte>& bytes, canada::feature_collection& out);

}  // namespace prism_perf
