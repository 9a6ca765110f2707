// simdjson's On Demand API filling the read benchmark's models, written the way simdjson's documentation
// writes typed reads: a reused ondemand::parser, one function per struct, `object["key"]` (find_field_unordered:
// one forward scan when the keys come in the model's order, as they do in all the data here, and any order
// still accepted), get_string / get_double / get_int64 / get_uint64 / get_bool, and exceptions for errors.
// Keys the model does not have are skipped by simdjson without being parsed; a missing key is an error.
// Containers keep their elements from one document to the next (element i is refilled in place), so reading
// into a reused object allocates nothing: the most a reader can get from reuse, which prism's read_into row
// is measured against.
// Integers are narrowed with a plain cast (simdjson has no 32-bit getters), floats from the parsed double.
#pragma once

#include <simdjson.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "models/canada.hpp"
#include "models/json_performance.hpp"
#include "models/seed000.hpp"
#include "models/twitter.hpp"

namespace simdjson_read {

using simdjson::ondemand::object;
using simdjson::ondemand::value;

// Every reader is declared first: the container templates call fill() for their elements, and a template
// only sees the overloads declared before it (argument-dependent lookup does not look in this namespace).
template <class T>
void fill(value v, std::optional<T>& out);
template <class T>
void fill(value v, std::vector<T>& out);
template <class T, std::size_t N>
void fill(value v, std::array<T, N>& out);
inline void fill(value v, json_performance::fixed_object_t& out);
inline void fill(value v, json_performance::fixed_name_object_t& out);
inline void fill(value v, json_performance::nested_object_t& out);
inline void fill(value v, json_performance::another_object_t& out);
inline void fill(value v, json_performance::obj_t& out);
inline void fill(value v, canada::feature_properties& out);
inline void fill(value v, canada::polygon& out);
inline void fill(value v, canada::feature& out);
inline void fill(value v, canada::feature_collection& out);
inline void fill(value v, twitter::status_metadata& out);
inline void fill(value v, twitter::hashtag& out);
inline void fill(value v, twitter::url_entity& out);
inline void fill(value v, twitter::user_mention& out);
inline void fill(value v, twitter::status_entities& out);
inline void fill(value v, twitter::user_profile& out);
inline void fill(value v, twitter::status& out);
inline void fill(value v, twitter::search_metadata_t& out);
inline void fill(value v, twitter::search_response& out);
inline void fill(value v, ns::model::A& out);
inline void fill(value v, ns::model::B& out);
inline void fill(value v, ns::model::C& out);

inline void fill(value v, std::string& out) {
  std::string_view s = v.get_string();
  out.assign(s.data(), s.size());
}
inline void fill(value v, bool& out) { out = v.get_bool(); }
inline void fill(value v, double& out) { out = v.get_double(); }
inline void fill(value v, float& out) { out = static_cast<float>(double(v.get_double())); }
inline void fill(value v, int& out) { out = static_cast<int>(std::int64_t(v.get_int64())); }
inline void fill(value v, std::uint32_t& out) { out = static_cast<std::uint32_t>(std::uint64_t(v.get_uint64())); }
inline void fill(value v, std::uint64_t& out) { out = v.get_uint64(); }

template <class T>
void fill(value v, std::optional<T>& out) {
  if (v.is_null()) out.reset();
  else fill(v, out ? *out : out.emplace());
}

template <class T>
void fill(value v, std::vector<T>& out) {
  std::size_t n = 0;
  for (value e : v.get_array()) {
    if (n == out.size()) out.emplace_back();
    fill(e, out[n++]);
  }
  out.resize(n);  // only ever shrinks: drops what a longer previous document left
}

template <class T, std::size_t N>
void fill(value v, std::array<T, N>& out) {
  std::size_t n = 0;
  for (value e : v.get_array()) {
    if (n == N) throw simdjson::simdjson_error(simdjson::INCORRECT_TYPE);
    fill(e, out[n++]);
  }
  if (n != N) throw simdjson::simdjson_error(simdjson::INCORRECT_TYPE);
}

inline void fill(value v, json_performance::fixed_object_t& out) {
  object o = v.get_object();
  fill(o["int_array"], out.int_array);
  fill(o["float_array"], out.float_array);
  fill(o["double_array"], out.double_array);
}
inline void fill(value v, json_performance::fixed_name_object_t& out) {
  object o = v.get_object();
  fill(o["name0"], out.name0);
  fill(o["name1"], out.name1);
  fill(o["name2"], out.name2);
  fill(o["name3"], out.name3);
  fill(o["name4"], out.name4);
}
inline void fill(value v, json_performance::nested_object_t& out) {
  object o = v.get_object();
  fill(o["v3s"], out.v3s);
  fill(o["id"], out.id);
}
inline void fill(value v, json_performance::another_object_t& out) {
  object o = v.get_object();
  fill(o["string"], out.string);
  fill(o["another_string"], out.another_string);
  fill(o["escaped_text"], out.escaped_text);
  fill(o["boolean"], out.boolean);
  fill(o["nested_object"], out.nested_object);
}
inline void fill(value v, json_performance::obj_t& out) {
  object o = v.get_object();
  fill(o["fixed_object"], out.fixed_object);
  fill(o["fixed_name_object"], out.fixed_name_object);
  fill(o["another_object"], out.another_object);
  fill(o["string_array"], out.string_array);
  fill(o["string"], out.string);
  fill(o["number"], out.number);
  fill(o["boolean"], out.boolean);
  fill(o["another_bool"], out.another_bool);
}

inline void fill(value v, canada::feature_properties& out) {
  object o = v.get_object();
  fill(o["name"], out.name);
}
inline void fill(value v, canada::polygon& out) {
  object o = v.get_object();
  fill(o["type"], out.type);
  fill(o["coordinates"], out.coordinates);
}
inline void fill(value v, canada::feature& out) {
  object o = v.get_object();
  fill(o["type"], out.type);
  fill(o["properties"], out.properties);
  fill(o["geometry"], out.geometry);
}
inline void fill(value v, canada::feature_collection& out) {
  object o = v.get_object();
  fill(o["type"], out.type);
  fill(o["features"], out.features);
}

inline void fill(value v, twitter::status_metadata& out) {
  object o = v.get_object();
  fill(o["result_type"], out.result_type);
  fill(o["iso_language_code"], out.iso_language_code);
}
inline void fill(value v, twitter::hashtag& out) {
  object o = v.get_object();
  fill(o["text"], out.text);
  fill(o["indices"], out.indices);
}
inline void fill(value v, twitter::url_entity& out) {
  object o = v.get_object();
  fill(o["url"], out.url);
  fill(o["expanded_url"], out.expanded_url);
  fill(o["display_url"], out.display_url);
  fill(o["indices"], out.indices);
}
inline void fill(value v, twitter::user_mention& out) {
  object o = v.get_object();
  fill(o["screen_name"], out.screen_name);
  fill(o["name"], out.name);
  fill(o["id"], out.id);
  fill(o["id_str"], out.id_str);
  fill(o["indices"], out.indices);
}
inline void fill(value v, twitter::status_entities& out) {
  object o = v.get_object();
  fill(o["hashtags"], out.hashtags);
  fill(o["urls"], out.urls);
  fill(o["user_mentions"], out.user_mentions);
}
inline void fill(value v, twitter::user_profile& out) {
  object o = v.get_object();
  fill(o["id"], out.id);
  fill(o["id_str"], out.id_str);
  fill(o["name"], out.name);
  fill(o["screen_name"], out.screen_name);
  fill(o["location"], out.location);
  fill(o["description"], out.description);
  fill(o["url"], out.url);
  fill(o["followers_count"], out.followers_count);
  fill(o["friends_count"], out.friends_count);
  fill(o["listed_count"], out.listed_count);
  fill(o["created_at"], out.created_at);
  fill(o["favourites_count"], out.favourites_count);
  fill(o["utc_offset"], out.utc_offset);
  fill(o["time_zone"], out.time_zone);
  fill(o["geo_enabled"], out.geo_enabled);
  fill(o["verified"], out.verified);
  fill(o["statuses_count"], out.statuses_count);
  fill(o["lang"], out.lang);
  fill(o["profile_image_url_https"], out.profile_image_url_https);
  fill(o["default_profile"], out.default_profile);
  fill(o["following"], out.following);
}
inline void fill(value v, twitter::status& out) {
  object o = v.get_object();
  fill(o["metadata"], out.metadata);
  fill(o["created_at"], out.created_at);
  fill(o["id"], out.id);
  fill(o["id_str"], out.id_str);
  fill(o["text"], out.text);
  fill(o["source"], out.source);
  fill(o["truncated"], out.truncated);
  fill(o["in_reply_to_status_id"], out.in_reply_to_status_id);
  fill(o["in_reply_to_status_id_str"], out.in_reply_to_status_id_str);
  fill(o["in_reply_to_user_id"], out.in_reply_to_user_id);
  fill(o["in_reply_to_user_id_str"], out.in_reply_to_user_id_str);
  fill(o["in_reply_to_screen_name"], out.in_reply_to_screen_name);
  fill(o["user"], out.user);
  fill(o["retweet_count"], out.retweet_count);
  fill(o["favorite_count"], out.favorite_count);
  fill(o["entities"], out.entities);
  fill(o["favorited"], out.favorited);
  fill(o["retweeted"], out.retweeted);
  fill(o["lang"], out.lang);
}
inline void fill(value v, twitter::search_metadata_t& out) {
  object o = v.get_object();
  fill(o["completed_in"], out.completed_in);
  fill(o["max_id"], out.max_id);
  fill(o["max_id_str"], out.max_id_str);
  fill(o["next_results"], out.next_results);
  fill(o["query"], out.query);
  fill(o["refresh_url"], out.refresh_url);
  fill(o["count"], out.count);
  fill(o["since_id"], out.since_id);
  fill(o["since_id_str"], out.since_id_str);
}
inline void fill(value v, twitter::search_response& out) {
  object o = v.get_object();
  fill(o["statuses"], out.statuses);
  fill(o["search_metadata"], out.search_metadata);
}

inline void fill(value v, ns::model::A& out) {
  object o = v.get_object();
  fill(o["int_value"], out.int_value);
  fill(o["float_value"], out.float_value);
  fill(o["string_value"], out.string_value);
}
inline void fill(value v, ns::model::B& out) {
  object o = v.get_object();
  fill(o["a_value"], out.a_value);
}
inline void fill(value v, ns::model::C& out) {
  object o = v.get_object();
  fill(o["b_values"], out.b_values);
}

/// Parses `json` with `parser` and fills `out`; throws simdjson::simdjson_error.
template <class T>
void read(simdjson::ondemand::parser& parser, const simdjson::padded_string& json, T& out) {
  simdjson::ondemand::document doc = parser.iterate(json);
  fill(doc.get_value(), out);
}

}  // namespace simdjson_read
