// A typed model of twitter.json (a search API response): statuses with their main fields, the user, the
// entities and the search metadata. retweeted_status and most profile fields are left out on purpose, so a
// typed reader has to skip about two thirds of the input.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace twitter {

struct status_metadata {
  std::string result_type;
  std::string iso_language_code;
};

struct hashtag {
  std::string text;
  std::array<int, 2> indices;
};

struct url_entity {
  std::string url;
  std::string expanded_url;
  std::string display_url;
  std::array<int, 2> indices;
};

struct user_mention {
  std::string screen_name;
  std::string name;
  std::uint64_t id;
  std::string id_str;
  std::array<int, 2> indices;
};

struct status_entities {
  std::vector<hashtag> hashtags;
  std::vector<url_entity> urls;
  std::vector<user_mention> user_mentions;
};

struct user_profile {
  std::uint64_t id;
  std::string id_str;
  std::string name;
  std::string screen_name;
  std::string location;
  std::string description;
  std::optional<std::string> url;
  std::uint32_t followers_count;
  std::uint32_t friends_count;
  std::uint32_t listed_count;
  std::string created_at;
  std::uint32_t favourites_count;
  std::optional<int> utc_offset;
  std::optional<std::string> time_zone;
  bool geo_enabled;
  bool verified;
  std::uint32_t statuses_count;
  std::string lang;
  std::string profile_image_url_https;
  bool default_profile;
  bool following;
};

struct status {
  status_metadata metadata;
  std::string created_at;
  std::uint64_t id;
  std::string id_str;
  std::string text;
  std::string source;
  bool truncated;
  std::optional<std::uint64_t> in_reply_to_status_id;
  std::optional<std::string> in_reply_to_status_id_str;
  std::optional<std::uint64_t> in_reply_to_user_id;
  std::optional<std::string> in_reply_to_user_id_str;
  std::optional<std::string> in_reply_to_screen_name;
  user_profile user;
  std::uint32_t retweet_count;
  std::uint32_t favorite_count;
  status_entities entities;
  bool favorited;
  bool retweeted;
  std::string lang;
};

struct search_metadata_t {
  double completed_in;
  std::uint64_t max_id;
  std::string max_id_str;
  std::string next_results;
  std::string query;
  std::string refresh_url;
  int count;
  std::uint64_t since_id;
  std::string since_id_str;
};

struct search_response {
  std::vector<status> statuses;
  search_metadata_t search_metadata;
};

}  // namespace twitter
