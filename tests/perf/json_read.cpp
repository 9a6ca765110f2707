// The JSON reader's operations for the instruction-count guard (perf.hpp): typed reads, and the generic value.
#include "perf.hpp"
#include "prism/prism.hpp"

namespace prism_perf {
namespace {

template <class T>
void json_read(state& s, T& out) {
  auto r = prism::json::read<T>(std::string_view(s.json));
  s.ok &= r.has_value();
  if (r) out = std::move(*r);
}

template <class T>
void read_model(std::string_view text, T& out, const std::string& what) {
  auto r = prism::json::read<T>(text);
  if (!r) die(what + ": " + r.error().message());
  out = std::move(*r);
}

}  // namespace

void json_read_twitter(state& s) { json_read(s, s.twitter_out); }
void json_read_canada(state& s) { json_read(s, s.canada_out); }
void json_read_json_performance(state& s) { json_read(s, s.json_performance_out); }
void json_value_read_twitter(state& s) { json_read(s, s.value_out); }

void json_read_model(std::string_view text, twitter::search_response& out, const std::string& what) {
  read_model(text, out, what);
}
void json_read_model(std::string_view text, canada::feature_collection& out, const std::string& what) {
  read_model(text, out, what);
}
void json_read_model(std::string_view text, json_performance::obj_t& out, const std::string& what) {
  read_model(text, out, what);
}
void json_read_model(std::string_view text, prism::json::value& out, const std::string& what) {
  read_model(text, out, what);
}

twitter::search_response twitter_from_value(const prism::json::value& v) {
  auto r = prism::json::to<twitter::search_response>(v);
  if (!r) die("twitter as a json::value, converted: " + r.error().message());
  return std::move(*r);
}

}  // namespace prism_perf
