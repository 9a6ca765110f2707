// The JSON writer's operations for the instruction-count guard (perf.hpp).
#include "perf.hpp"
#include "prism/prism.hpp"

namespace prism_perf {
namespace {

template <class T>
void json_write(state& s, const T& v) {
  s.text.clear();  // its capacity kept: the runs measure the writer, not the string's growth
  s.ok &= prism::json::write(v, s.text).has_value();
}

template <class T>
std::string json_of_model(const T& v) {
  auto r = prism::json::to_string(v);
  if (!r) die("JSON write (outside the measured runs): " + r.error().message());
  return std::move(*r);
}

}  // namespace

void json_write_twitter(state& s) { json_write(s, s.twitter); }
void json_write_canada(state& s) { json_write(s, s.canada); }
void json_write_json_performance(state& s) { json_write(s, s.json_performance); }

std::string json_of(const twitter::search_response& v) { return json_of_model(v); }
std::string json_of(const canada::feature_collection& v) { return json_of_model(v); }
std::string json_of(const json_performance::obj_t& v) { return json_of_model(v); }

}  // namespace prism_perf
