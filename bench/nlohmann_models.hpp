// nlohmann::json for the canada and twitter models; the compile-cost TU includes this too. to_json functions
// as nlohmann's README writes them, beside each type in its namespace, one `j["key"] = value;` per field
// (what NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE expands to, minus the from_json half that is not measured here).
// nlohmann::json's objects are std::maps, so dump() writes keys sorted; the benchmark compares documents by
// content, not by key order.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>

#include "models/canada.hpp"
#include "models/twitter.hpp"

// nlohmann 3.11 has no std::optional support; this is the adl_serializer its README gives for optionals.
namespace nlohmann {
template <class T>
struct adl_serializer<std::optional<T>> {
  static void to_json(json& j, const std::optional<T>& v) {
    if (v) j = *v;
    else j = nullptr;
  }
};
}  // namespace nlohmann

namespace canada {
inline void to_json(nlohmann::json& j, const feature_properties& v) { j["name"] = v.name; }
inline void to_json(nlohmann::json& j, const polygon& v) {
  j["type"] = v.type;
  j["coordinates"] = v.coordinates;
}
inline void to_json(nlohmann::json& j, const feature& v) {
  j["type"] = v.type;
  j["properties"] = v.properties;
  j["geometry"] = v.geometry;
}
inline void to_json(nlohmann::json& j, const feature_collection& v) {
  j["type"] = v.type;
  j["features"] = v.features;
}
}  // namespace canada

namespace twitter {
inline void to_json(nlohmann::json& j, const status_metadata& v) {
  j["result_type"] = v.result_type;
  j["iso_language_code"] = v.iso_language_code;
}
inline void to_json(nlohmann::json& j, const hashtag& v) {
  j["text"] = v.text;
  j["indices"] = v.indices;
}
inline void to_json(nlohmann::json& j, const url_entity& v) {
  j["url"] = v.url;
  j["expanded_url"] = v.expanded_url;
  j["display_url"] = v.display_url;
  j["indices"] = v.indices;
}
inline void to_json(nlohmann::json& j, const user_mention& v) {
  j["screen_name"] = v.screen_name;
  j["name"] = v.name;
  j["id"] = v.id;
  j["id_str"] = v.id_str;
  j["indices"] = v.indices;
}
inline void to_json(nlohmann::json& j, const status_entities& v) {
  j["hashtags"] = v.hashtags;
  j["urls"] = v.urls;
  j["user_mentions"] = v.user_mentions;
}
inline void to_json(nlohmann::json& j, const user_profile& v) {
  j["id"] = v.id;
  j["id_str"] = v.id_str;
  j["name"] = v.name;
  j["screen_name"] = v.screen_name;
  j["location"] = v.location;
  j["description"] = v.description;
  j["url"] = v.url;
  j["followers_count"] = v.followers_count;
  j["friends_count"] = v.friends_count;
  j["listed_count"] = v.listed_count;
  j["created_at"] = v.created_at;
  j["favourites_count"] = v.favourites_count;
  j["utc_offset"] = v.utc_offset;
  j["time_zone"] = v.time_zone;
  j["geo_enabled"] = v.geo_enabled;
  j["verified"] = v.verified;
  j["statuses_count"] = v.statuses_count;
  j["lang"] = v.lang;
  j["profile_image_url_https"] = v.profile_image_url_https;
  j["default_profile"] = v.default_profile;
  j["following"] = v.following;
}
inline void to_json(nlohmann::json& j, const status& v) {
  j["metadata"] = v.metadata;
  j["created_at"] = v.created_at;
  j["id"] = v.id;
  j["id_str"] = v.id_str;
  j["text"] = v.text;
  j["source"] = v.source;
  j["truncated"] = v.truncated;
  j["in_reply_to_status_id"] = v.in_reply_to_status_id;
  j["in_reply_to_status_id_str"] = v.in_reply_to_status_id_str;
  j["in_reply_to_user_id"] = v.in_reply_to_user_id;
  j["in_reply_to_user_id_str"] = v.in_reply_to_user_id_str;
  j["in_reply_to_screen_name"] = v.in_reply_to_screen_name;
  j["user"] = v.user;
  j["retweet_count"] = v.retweet_count;
  j["favorite_count"] = v.favorite_count;
  j["entities"] = v.entities;
  j["favorited"] = v.favorited;
  j["retweeted"] = v.retweeted;
  j["lang"] = v.lang;
}
inline void to_json(nlohmann::json& j, const search_metadata_t& v) {
  j["completed_in"] = v.completed_in;
  j["max_id"] = v.max_id;
  j["max_id_str"] = v.max_id_str;
  j["next_results"] = v.next_results;
  j["query"] = v.query;
  j["refresh_url"] = v.refresh_url;
  j["count"] = v.count;
  j["since_id"] = v.since_id;
  j["since_id_str"] = v.since_id_str;
}
inline void to_json(nlohmann::json& j, const search_response& v) {
  j["statuses"] = v.statuses;
  j["search_metadata"] = v.search_metadata;
}
}  // namespace twitter

