// nlohmann::json's from_json for the read benchmark's models (json_performance, canada, twitter, seed 000):
// as nlohmann's README writes them, beside each type in its namespace, one `j.at("key").get_to(v.key);` per
// field, which is what NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE's from_json half expands to. A missing key throws
// (at()); keys the model does not have (two thirds of twitter.json) are never looked at.
// Kept apart from nlohmann_models.hpp (the writer's to_json) so that neither benchmark compiles the other's half.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>

#include "models/canada.hpp"
#include "models/json_performance.hpp"
#include "models/seed000.hpp"
#include "models/twitter.hpp"

namespace nlohmann_read {

/// nlohmann 3.11 has no std::optional support. A helper rather than an adl_serializer<std::optional<T>>
/// specialization, which nlohmann_models.hpp already declares (to_json only) for the writer benchmark.
template <class T>
void get_optional(const nlohmann::json& j, std::optional<T>& out) {
  if (j.is_null()) out.reset();
  else j.get_to(out ? *out : out.emplace());
}

}  // namespace nlohmann_read

namespace json_performance {
inline void from_json(const nlohmann::json& j, fixed_object_t& v) {
  j.at("int_array").get_to(v.int_array);
  j.at("float_array").get_to(v.float_array);
  j.at("double_array").get_to(v.double_array);
}
inline void from_json(const nlohmann::json& j, fixed_name_object_t& v) {
  j.at("name0").get_to(v.name0);
  j.at("name1").get_to(v.name1);
  j.at("name2").get_to(v.name2);
  j.at("name3").get_to(v.name3);
  j.at("name4").get_to(v.name4);
}
inline void from_json(const nlohmann::json& j, nested_object_t& v) {
  j.at("v3s").get_to(v.v3s);
  j.at("id").get_to(v.id);
}
inline void from_json(const nlohmann::json& j, another_object_t& v) {
  j.at("string").get_to(v.string);
  j.at("another_string").get_to(v.another_string);
  j.at("escaped_text").get_to(v.escaped_text);
  j.at("boolean").get_to(v.boolean);
  j.at("nested_object").get_to(v.nested_object);
}
inline void from_json(const nlohmann::json& j, obj_t& v) {
  j.at("fixed_object").get_to(v.fixed_object);
  j.at("fixed_name_object").get_to(v.fixed_name_object);
  j.at("another_object").get_to(v.another_object);
  j.at("string_array").get_to(v.string_array);
  j.at("string").get_to(v.string);
  j.at("number").get_to(v.number);
  j.at("boolean").get_to(v.boolean);
  j.at("another_bool").get_to(v.another_bool);
}
}  // namespace json_performance

namespace canada {
inline void from_json(const nlohmann::json& j, feature_properties& v) { j.at("name").get_to(v.name); }
inline void from_json(const nlohmann::json& j, polygon& v) {
  j.at("type").get_to(v.type);
  j.at("coordinates").get_to(v.coordinates);
}
inline void from_json(const nlohmann::json& j, feature& v) {
  j.at("type").get_to(v.type);
  j.at("properties").get_to(v.properties);
  j.at("geometry").get_to(v.geometry);
}
inline void from_json(const nlohmann::json& j, feature_collection& v) {
  j.at("type").get_to(v.type);
  j.at("features").get_to(v.features);
}
}  // namespace canada

namespace twitter {
inline void from_json(const nlohmann::json& j, status_metadata& v) {
  j.at("result_type").get_to(v.result_type);
  j.at("iso_language_code").get_to(v.iso_language_code);
}
inline void from_json(const nlohmann::json& j, hashtag& v) {
  j.at("text").get_to(v.text);
  j.at("indices").get_to(v.indices);
}
inline void from_json(const nlohmann::json& j, url_entity& v) {
  j.at("url").get_to(v.url);
  j.at("expanded_url").get_to(v.expanded_url);
  j.at("display_url").get_to(v.display_url);
  j.at("indices").get_to(v.indices);
}
inline void from_json(const nlohmann::json& j, user_mention& v) {
  j.at("screen_name").get_to(v.screen_name);
  j.at("name").get_to(v.name);
  j.at("id").get_to(v.id);
  j.at("id_str").get_to(v.id_str);
  j.at("indices").get_to(v.indices);
}
inline void from_json(const nlohmann::json& j, status_entities& v) {
  j.at("hashtags").get_to(v.hashtags);
  j.at("urls").get_to(v.urls);
  j.at("user_mentions").get_to(v.user_mentions);
}
inline void from_json(const nlohmann::json& j, user_profile& v) {
  using nlohmann_read::get_optional;
  j.at("id").get_to(v.id);
  j.at("id_str").get_to(v.id_str);
  j.at("name").get_to(v.name);
  j.at("screen_name").get_to(v.screen_name);
  j.at("location").get_to(v.location);
  j.at("description").get_to(v.description);
  get_optional(j.at("url"), v.url);
  j.at("followers_count").get_to(v.followers_count);
  j.at("friends_count").get_to(v.friends_count);
  j.at("listed_count").get_to(v.listed_count);
  j.at("created_at").get_to(v.created_at);
  j.at("favourites_count").get_to(v.favourites_count);
  get_optional(j.at("utc_offset"), v.utc_offset);
  get_optional(j.at("time_zone"), v.time_zone);
  j.at("geo_enabled").get_to(v.geo_enabled);
  j.at("verified").get_to(v.verified);
  j.at("statuses_count").get_to(v.statuses_count);
  j.at("lang").get_to(v.lang);
  j.at("profile_image_url_https").get_to(v.profile_image_url_https);
  j.at("default_profile").get_to(v.default_profile);
  j.at("following").get_to(v.following);
}
inline void from_json(const nlohmann::json& j, status& v) {
  using nlohmann_read::get_optional;
  j.at("metadata").get_to(v.metadata);
  j.at("created_at").get_to(v.created_at);
  j.at("id").get_to(v.id);
  j.at("id_str").get_to(v.id_str);
  j.at("text").get_to(v.text);
  j.at("source").get_to(v.source);
  j.at("truncated").get_to(v.truncated);
  get_optional(j.at("in_reply_to_status_id"), v.in_reply_to_status_id);
  get_optional(j.at("in_reply_to_status_id_str"), v.in_reply_to_status_id_str);
  get_optional(j.at("in_reply_to_user_id"), v.in_reply_to_user_id);
  get_optional(j.at("in_reply_to_user_id_str"), v.in_reply_to_user_id_str);
  get_optional(j.at("in_reply_to_screen_name"), v.in_reply_to_screen_name);
  j.at("user").get_to(v.user);
  j.at("retweet_count").get_to(v.retweet_count);
  j.at("favorite_count").get_to(v.favorite_count);
  j.at("entities").get_to(v.entities);
  j.at("favorited").get_to(v.favorited);
  j.at("retweeted").get_to(v.retweeted);
  j.at("lang").get_to(v.lang);
}
inline void from_json(const nlohmann::json& j, search_metadata_t& v) {
  j.at("completed_in").get_to(v.completed_in);
  j.at("max_id").get_to(v.max_id);
  j.at("max_id_str").get_to(v.max_id_str);
  j.at("next_results").get_to(v.next_results);
  j.at("query").get_to(v.query);
  j.at("refresh_url").get_to(v.refresh_url);
  j.at("count").get_to(v.count);
  j.at("since_id").get_to(v.since_id);
  j.at("since_id_str").get_to(v.since_id_str);
}
inline void from_json(const nlohmann::json& j, search_response& v) {
  j.at("statuses").get_to(v.statuses);
  j.at("search_metadata").get_to(v.search_metadata);
}
}  // namespace twitter

namespace ns::model {
inline void from_json(const nlohmann::json& j, A& v) {
  j.at("int_value").get_to(v.int_value);
  j.at("float_value").get_to(v.float_value);
  j.at("string_value").get_to(v.string_value);
}
inline void from_json(const nlohmann::json& j, B& v) { j.at("a_value").get_to(v.a_value); }
inline void from_json(const nlohmann::json& j, C& v) { j.at("b_values").get_to(v.b_values); }
}  // namespace ns::model
