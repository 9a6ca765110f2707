// Compile cost, nlohmann side: the translation unit that serializes the canada and twitter models to JSON
// with the to_json functions of bench/nlohmann_models.hpp (the ones the benchmark runs).
#include <string>

#include "bench/nlohmann_models.hpp"

std::string write_canada(const canada::feature_collection& v) { return nlohmann::json(v).dump(); }
std::string write_twitter(const twitter::search_response& v) { return nlohmann::json(v).dump(); }
