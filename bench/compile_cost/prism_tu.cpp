// Compile cost, prism side: the translation unit that serializes the canada and twitter models to JSON.
// bench/compile_cost.sh compiles it against nlohmann_tu.cpp, which does the same with nlohmann::json.
#include <prism/prism.hpp>

#include <string>

#include "models/canada.hpp"
#include "models/twitter.hpp"

std::string write_canada(const canada::feature_collection& v) { return prism::json::to_string(v).value(); }
std::string write_twitter(const twitter::search_response& v) { return prism::json::to_string(v).value(); }
