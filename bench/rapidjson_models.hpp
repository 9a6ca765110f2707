// RapidJSON's Writer for the benchmark models, written the way RapidJSON's tutorial and its SAX examples
// write typed data: one function per struct calling StartObject / Key / Uint64 / Double / String / EndObject.
// Keys and std::strings pass their length (Key(str, len), String(str, len)), so the Writer never strlen()s.
// Each document has the same keys in the same order as prism's. RapidJSON has no float overload: floats go
// through Double(), which spells the float's exact double value (0.1f as 0.10000000149011612).
#pragma once

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "models/canada.hpp"
#include "models/json_performance.hpp"
#include "models/jsonsink.hpp"
#include "models/seed000.hpp"
#include "models/twitter.hpp"

namespace rj {

using writer = rapidjson::Writer<rapidjson::StringBuffer>;

template <std::size_t N>
inline void key(writer& w, const char (&k)[N]) {
  w.Key(k, static_cast<rapidjson::SizeType>(N - 1));
}

inline void put(writer& w, const std::string& s) { w.String(s.data(), static_cast<rapidjson::SizeType>(s.size())); }
inline void put(writer& w, bool b) { w.Bool(b); }
inline void put(writer& w, int v) { w.Int(v); }
inline void put(writer& w, std::uint32_t v) { w.Uint(v); }
inline void put(writer& w, std::uint64_t v) { w.Uint64(v); }
inline void put(writer& w, double v) { w.Double(v); }
inline void put(writer& w, float v) { w.Double(static_cast<double>(v)); }

// The records, declared first so that the container templates below find them.
void put(writer& w, const canada::feature& f);
void put(writer& w, const canada::feature_collection& c);
void put(writer& w, const twitter::hashtag& h);
void put(writer& w, const twitter::url_entity& u);
void put(writer& w, const twitter::user_mention& m);
void put(writer& w, const twitter::user_profile& u);
void put(writer& w, const twitter::status& s);
void put(writer& w, const twitter::search_response& r);
void put(writer& w, const json_performance::obj_t& o);
void put(writer& w, const jsonsink::sample& s);
void put(writer& w, const ns::model::B& b);
void put(writer& w, const ns::model::C& c);

template <class T>
void put(writer& w, const std::optional<T>& v) {
  if (v) put(w, *v);
  else w.Null();
}
template <class T, std::size_t N>
void put(writer& w, const std::array<T, N>& a) {
  w.StartArray();
  for (const auto& e : a) put(w, e);
  w.EndArray();
}
template <class T>
void put(writer& w, const std::vector<T>& v) {
  w.StartArray();
  for (const auto& e : v) put(w, e);
  w.EndArray();
}

// canada
inline void put(writer& w, const canada::feature& f) {
  w.StartObject();
  key(w, "type");
  put(w, f.type);
  key(w, "properties");
  w.StartObject();
  key(w, "name");
  put(w, f.properties.name);
  w.EndObject();
  key(w, "geometry");
  w.StartObject();
  key(w, "type");
  put(w, f.geometry.type);
  key(w, "coordinates");
  w.StartArray();
  for (const auto& ring : f.geometry.coordinates) {
    w.StartArray();
    for (const auto& point : ring) {
      w.StartArray();
      w.Double(point[0]);
      w.Double(point[1]);
      w.EndArray();
    }
    w.EndArray();
  }
  w.EndArray();
  w.EndObject();
  w.EndObject();
}
inline void put(writer& w, const canada::feature_collection& c) {
  w.StartObject();
  key(w, "type");
  put(w, c.type);
  key(w, "features");
  put(w, c.features);
  w.EndObject();
}

// twitter
inline void put(writer& w, const twitter::hashtag& h) {
  w.StartObject();
  key(w, "text");
  put(w, h.text);
  key(w, "indices");
  put(w, h.indices);
  w.EndObject();
}
inline void put(writer& w, const twitter::url_entity& u) {
  w.StartObject();
  key(w, "url");
  put(w, u.url);
  key(w, "expanded_url");
  put(w, u.expanded_url);
  key(w, "display_url");
  put(w, u.display_url);
  key(w, "indices");
  put(w, u.indices);
  w.EndObject();
}
inline void put(writer& w, const twitter::user_mention& m) {
  w.StartObject();
  key(w, "screen_name");
  put(w, m.screen_name);
  key(w, "name");
  put(w, m.name);
  key(w, "id");
  put(w, m.id);
  key(w, "id_str");
  put(w, m.id_str);
  key(w, "indices");
  put(w, m.indices);
  w.EndObject();
}
inline void put(writer& w, const twitter::user_profile& u) {
  w.StartObject();
  key(w, "id");
  put(w, u.id);
  key(w, "id_str");
  put(w, u.id_str);
  key(w, "name");
  put(w, u.name);
  key(w, "screen_name");
  put(w, u.screen_name);
  key(w, "location");
  put(w, u.location);
  key(w, "description");
  put(w, u.description);
  key(w, "url");
  put(w, u.url);
  key(w, "followers_count");
  put(w, u.followers_count);
  key(w, "friends_count");
  put(w, u.friends_count);
  key(w, "listed_count");
  put(w, u.listed_count);
  key(w, "created_at");
  put(w, u.created_at);
  key(w, "favourites_count");
  put(w, u.favourites_count);
  key(w, "utc_offset");
  put(w, u.utc_offset);
  key(w, "time_zone");
  put(w, u.time_zone);
  key(w, "geo_enabled");
  put(w, u.geo_enabled);
  key(w, "verified");
  put(w, u.verified);
  key(w, "statuses_count");
  put(w, u.statuses_count);
  key(w, "lang");
  put(w, u.lang);
  key(w, "profile_image_url_https");
  put(w, u.profile_image_url_https);
  key(w, "default_profile");
  put(w, u.default_profile);
  key(w, "following");
  put(w, u.following);
  w.EndObject();
}
inline void put(writer& w, const twitter::status& s) {
  w.StartObject();
  key(w, "metadata");
  w.StartObject();
  key(w, "result_type");
  put(w, s.metadata.result_type);
  key(w, "iso_language_code");
  put(w, s.metadata.iso_language_code);
  w.EndObject();
  key(w, "created_at");
  put(w, s.created_at);
  key(w, "id");
  put(w, s.id);
  key(w, "id_str");
  put(w, s.id_str);
  key(w, "text");
  put(w, s.text);
  key(w, "source");
  put(w, s.source);
  key(w, "truncated");
  put(w, s.truncated);
  key(w, "in_reply_to_status_id");
  put(w, s.in_reply_to_status_id);
  key(w, "in_reply_to_status_id_str");
  put(w, s.in_reply_to_status_id_str);
  key(w, "in_reply_to_user_id");
  put(w, s.in_reply_to_user_id);
  key(w, "in_reply_to_user_id_str");
  put(w, s.in_reply_to_user_id_str);
  key(w, "in_reply_to_screen_name");
  put(w, s.in_reply_to_screen_name);
  key(w, "user");
  put(w, s.user);
  key(w, "retweet_count");
  put(w, s.retweet_count);
  key(w, "favorite_count");
  put(w, s.favorite_count);
  key(w, "entities");
  w.StartObject();
  key(w, "hashtags");
  put(w, s.entities.hashtags);
  key(w, "urls");
  put(w, s.entities.urls);
  key(w, "user_mentions");
  put(w, s.entities.user_mentions);
  w.EndObject();
  key(w, "favorited");
  put(w, s.favorited);
  key(w, "retweeted");
  put(w, s.retweeted);
  key(w, "lang");
  put(w, s.lang);
  w.EndObject();
}
inline void put(writer& w, const twitter::search_response& r) {
  w.StartObject();
  key(w, "statuses");
  put(w, r.statuses);
  key(w, "search_metadata");
  const auto& m = r.search_metadata;
  w.StartObject();
  key(w, "completed_in");
  put(w, m.completed_in);
  key(w, "max_id");
  put(w, m.max_id);
  key(w, "max_id_str");
  put(w, m.max_id_str);
  key(w, "next_results");
  put(w, m.next_results);
  key(w, "query");
  put(w, m.query);
  key(w, "refresh_url");
  put(w, m.refresh_url);
  key(w, "count");
  put(w, m.count);
  key(w, "since_id");
  put(w, m.since_id);
  key(w, "since_id_str");
  put(w, m.since_id_str);
  w.EndObject();
  w.EndObject();
}

// json_performance
inline void put(writer& w, const json_performance::obj_t& o) {
  w.StartObject();
  key(w, "fixed_object");
  w.StartObject();
  key(w, "int_array");
  put(w, o.fixed_object.int_array);
  key(w, "float_array");
  put(w, o.fixed_object.float_array);
  key(w, "double_array");
  put(w, o.fixed_object.double_array);
  w.EndObject();
  key(w, "fixed_name_object");
  w.StartObject();
  key(w, "name0");
  put(w, o.fixed_name_object.name0);
  key(w, "name1");
  put(w, o.fixed_name_object.name1);
  key(w, "name2");
  put(w, o.fixed_name_object.name2);
  key(w, "name3");
  put(w, o.fixed_name_object.name3);
  key(w, "name4");
  put(w, o.fixed_name_object.name4);
  w.EndObject();
  key(w, "another_object");
  w.StartObject();
  key(w, "string");
  put(w, o.another_object.string);
  key(w, "another_string");
  put(w, o.another_object.another_string);
  key(w, "escaped_text");
  put(w, o.another_object.escaped_text);
  key(w, "boolean");
  put(w, o.another_object.boolean);
  key(w, "nested_object");
  w.StartObject();
  key(w, "v3s");
  put(w, o.another_object.nested_object.v3s);
  key(w, "id");
  put(w, o.another_object.nested_object.id);
  w.EndObject();
  w.EndObject();
  key(w, "string_array");
  put(w, o.string_array);
  key(w, "string");
  put(w, o.string);
  key(w, "number");
  put(w, o.number);
  key(w, "boolean");
  put(w, o.boolean);
  key(w, "another_bool");
  put(w, o.another_bool);
  w.EndObject();
}

// jsonsink
inline void put(writer& w, const jsonsink::sample& s) {
  w.StartObject();
  key(w, "id");
  w.Uint(s.id);
  key(w, "x");
  w.Double(s.x);
  key(w, "y");
  w.Double(s.y);
  key(w, "z");
  w.Double(s.z);
  key(w, "w");
  w.Double(s.w);
  w.EndObject();
}

// seed 000
inline void put(writer& w, const ns::model::B& b) {
  w.StartObject();
  key(w, "a_value");
  w.StartObject();
  key(w, "int_value");
  w.Int(b.a_value.int_value);
  key(w, "float_value");
  put(w, b.a_value.float_value);
  key(w, "string_value");
  put(w, b.a_value.string_value);
  w.EndObject();
  w.EndObject();
}
inline void put(writer& w, const ns::model::C& c) {
  w.StartObject();
  key(w, "b_values");
  put(w, c.b_values);
  w.EndObject();
}

}  // namespace rj
