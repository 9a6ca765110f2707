// The payloads of seed 004's benchmark (easyjson's): a 13 KB search API response (`regular`, the file
// seed004_regular.json), an 82-byte portion of it (`small`, seed004_small.json: one status's entities) and 50
// copies of the regular one in one object (`large`, about 500 KB written). The types follow the benchmark's own:
// every field of the document is modelled, the fields that are always null there as optional strings.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <prism/core/describe.hpp>

namespace seed004 {

struct search_metadata_t {
  double completed_in;
  int count;
  std::int64_t max_id;
  std::string max_id_str;
  std::string next_results;
  std::string query;
  std::string refresh_url;
  std::int64_t since_id;
  std::string since_id_str;
};

struct hashtag {
  std::vector<int> indices;
  std::string text;
};

/// The `small` payload.
struct entities_t {
  std::vector<hashtag> hashtags;
  std::vector<std::optional<std::string>> urls;
  std::vector<std::optional<std::string>> user_mentions;
};

struct user_entity_description {
  std::vector<std::optional<std::string>> urls;
};

struct url_entity {
  std::optional<std::string> expanded_url;
  std::vector<int> indices;
  std::string url;
};

struct user_entity_url {
  std::vector<url_entity> urls;
};

struct user_entities {
  user_entity_description description;
  user_entity_url url;
};

struct user_t {
  bool contributors_enabled;
  std::string created_at;
  bool default_profile;
  bool default_profile_image;
  std::string description;
  user_entities entities;
  int favourites_count;
  std::optional<std::string> follow_request_sent;
  int followers_count;
  std::optional<std::string> following;
  int friends_count;
  bool geo_enabled;
  std::int64_t id;
  std::string id_str;
  bool is_translator;
  std::string lang;
  int listed_count;
  std::string location;
  std::string name;
  std::optional<std::string> notifications;
  std::string profile_background_color;
  std::string profile_background_image_url;
  std::string profile_background_image_url_https;
  bool profile_background_tile;
  std::string profile_image_url;
  std::string profile_image_url_https;
  std::string profile_link_color;
  std::string profile_sidebar_border_color;
  std::string profile_sidebar_fill_color;
  std::string profile_text_color;
  bool profile_use_background_image;
  bool protected_;  // "protected": see prism_describe below
  std::string screen_name;
  bool show_all_inline_media;
  int statuses_count;
  std::string time_zone;
  std::optional<std::string> url;
  int utc_offset;
  bool verified;
};

/// Described because one key, "protected", is a C++ keyword.
constexpr auto prism_describe(prism::type_t<user_t>) {
  return prism::fields(prism::field<&user_t::contributors_enabled>(),
                       prism::field<&user_t::created_at>(),
                       prism::field<&user_t::default_profile>(),
                       prism::field<&user_t::default_profile_image>(),
                       prism::field<&user_t::description>(),
                       prism::field<&user_t::entities>(),
                       prism::field<&user_t::favourites_count>(),
                       prism::field<&user_t::follow_request_sent>(),
                       prism::field<&user_t::followers_count>(),
                       prism::field<&user_t::following>(),
                       prism::field<&user_t::friends_count>(),
                       prism::field<&user_t::geo_enabled>(),
                       prism::field<&user_t::id>(),
                       prism::field<&user_t::id_str>(),
                       prism::field<&user_t::is_translator>(),
                       prism::field<&user_t::lang>(),
                       prism::field<&user_t::listed_count>(),
                       prism::field<&user_t::location>(),
                       prism::field<&user_t::name>(),
                       prism::field<&user_t::notifications>(),
                       prism::field<&user_t::profile_background_color>(),
                       prism::field<&user_t::profile_background_image_url>(),
                       prism::field<&user_t::profile_background_image_url_https>(),
                       prism::field<&user_t::profile_background_tile>(),
                       prism::field<&user_t::profile_image_url>(),
                       prism::field<&user_t::profile_image_url_https>(),
                       prism::field<&user_t::profile_link_color>(),
                       prism::field<&user_t::profile_sidebar_border_color>(),
                       prism::field<&user_t::profile_sidebar_fill_color>(),
                       prism::field<&user_t::profile_text_color>(),
                       prism::field<&user_t::profile_use_background_image>(),
                       prism::field("protected", &user_t::protected_),
                       prism::field<&user_t::screen_name>(),
                       prism::field<&user_t::show_all_inline_media>(),
                       prism::field<&user_t::statuses_count>(),
                       prism::field<&user_t::time_zone>(),
                       prism::field<&user_t::url>(),
                       prism::field<&user_t::utc_offset>(),
                       prism::field<&user_t::verified>());
}

struct status_metadata {
  std::string iso_language_code;
  std::string result_type;
};

struct status {
  std::optional<std::string> contributors;
  std::optional<std::string> coordinates;
  std::string created_at;
  entities_t entities;
  bool favorited;
  std::optional<std::string> geo;
  std::int64_t id;
  std::string id_str;
  std::optional<std::string> in_reply_to_screen_name;
  std::optional<std::string> in_reply_to_status_id;
  std::optional<std::string> in_reply_to_status_id_str;
  std::optional<std::string> in_reply_to_user_id;
  std::optional<std::string> in_reply_to_user_id_str;
  status_metadata metadata;
  std::optional<std::string> place;
  int retweet_count;
  bool retweeted;
  std::string source;
  std::string text;
  bool truncated;
  user_t user;
};

/// The `regular` payload.
struct large_struct {
  search_metadata_t search_metadata;
  std::vector<status> statuses;
};

/// The `large` payload: its one key is "Data", as in the benchmark.
struct xl_struct {
  std::vector<large_struct> data;
};
constexpr auto prism_describe(prism::type_t<xl_struct>) { return prism::fields(prism::field("Data", &xl_struct::data)); }

/// The `large` payload built as the benchmark builds it: 50 copies of the regular one.
inline xl_struct make_large(const large_struct& regular) { return {std::vector<large_struct>(50, regular)}; }

}  // namespace seed004
