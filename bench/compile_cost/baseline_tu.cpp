// Compile cost floor: the models and <string>, no JSON library. What the other two TUs cost beyond this is
// the serializer's.
#include <string>

#include "models/canada.hpp"
#include "models/twitter.hpp"

std::string name_of(const canada::feature_collection& v) { return v.type; }
std::string name_of(const twitter::search_response& v) { return v.search_metadata.query; }
