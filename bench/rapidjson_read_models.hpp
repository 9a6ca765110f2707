// RapidJSON filling the read benchmark's models from its DOM: Document::Parse, then one function per struct
// reading the members it needs, as RapidJSON's tutorial reads a document (FindMember with the key's length,
// GetString/GetStringLength, GetDouble, GetInt, GetUint, GetUint64, GetBool). RapidJSON's getters only
// assert their type in debug builds, so every value's type is checked here (Is*()) as a typed reader must;
// a missing key or a wrong type throws. Containers keep their elements from one document to the next (resize,
// then element i is refilled in place), as in simdjson_read_models.hpp.
#pragma once

#include <rapidjson/document.h>
#include <rapidjson/error/en.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "models/canada.hpp"
#include "models/json_performance.hpp"
#include "models/seed000.hpp"
#include "models/twitter.hpp"

namespace rapidjson_read {

using rapidjson::SizeType;
using rapidjson::Value;

inline void expect(bool ok, const char* what) {
  if (!ok) [[unlikely]]
    throw std::runtime_error(std::string("RapidJSON: expected ") + what);
}

/// The member `key` of object `v`; the key's length is passed, so nothing strlen()s.
template <std::size_t N>
const Value& member(const Value& v, const char (&key)[N]) {
  expect(v.IsObject(), "an object");
  auto it = v.FindMember(Value(rapidjson::StringRef(key, N - 1)));
  if (it == v.MemberEnd()) [[unlikely]]
    throw std::runtime_error(std::string("RapidJSON: missing key ") + key);
  return it->value;
}

// Every reader is declared first: the container templates call fill() for their elements, and a template
// only sees the overloads declared before it (argument-dependent lookup does not look in this namespace).
template <class T>
void fill(const Value& v, std::optional<T>& out);
template <class T>
void fill(const Value& v, std::vector<T>& out);
template <class T, std::size_t N>
void fill(const Value& v, std::array<T, N>& out);
inline void fill(const Value& v, json_performance::fixed_object_t& out);
inline void fill(const Value& v, json_performance::fixed_name_object_t& out);
inline void fill(const Value& v, json_performance::nested_object_t& out);
inline void fill(const Value& v, json_performance::another_object_t& out);
inline void fill(const Value& v, json_performance::obj_t& out);
inline void fill(const Value& v, canada::feature_properties& out);
inline void fill(const Value& v, canada::polygon& out);
inline void fill(const Value& v, canada::feature& out);
inline void fill(const Value& v, canada::feature_collection& out);
inline void fill(const Value& v, twitter::status_metadata& out);
inline void fill(const Value& v, twitter::hashtag& out);
inline void fill(const Value& v, twitter::url_entity& out);
inline void fill(const Value& v, twitter::user_mention& out);
inline void fill(const Value& v, twitter::status_entities& out);
inline void fill(const Value& v, twitter::user_profile& out);
inline void fill(const Value& v, twitter::status& out);
inline void fill(const Value& v, twitter::search_metadata_t& out);
inline void fill(const Value& v, twitter::search_response& out);
inline void fill(const Value& v, ns::model::A& out);
inline void fill(const Value& v, ns::model::B& out);
inline void fill(const Value& v, ns::model::C& out);

inline void fill(const Value& v, std::string& out) {
  expect(v.IsString(), "a string");
  out.assign(v.GetString(), v.GetStringLength());
}
inline void fill(const Value& v, bool& out) {
  expect(v.IsBool(), "a boolean");
  out = v.GetBool();
}
inline void fill(const Value& v, double& out) {
  expect(v.IsNumber(), "a number");
  out = v.GetDouble();
}
inline void fill(const Value& v, float& out) {
  expect(v.IsNumber(), "a number");
  out = static_cast<float>(v.GetDouble());
}
inline void fill(const Value& v, int& out) {
  expect(v.IsInt(), "an int");
  out = v.GetInt();
}
inline void fill(const Value& v, std::uint32_t& out) {
  expect(v.IsUint(), "an unsigned int");
  out = v.GetUint();
}
inline void fill(const Value& v, std::uint64_t& out) {
  expect(v.IsUint64(), "an unsigned 64-bit int");
  out = v.GetUint64();
}

template <class T>
void fill(const Value& v, std::optional<T>& out) {
  if (v.IsNull()) out.reset();
  else fill(v, out ? *out : out.emplace());
}

template <class T>
void fill(const Value& v, std::vector<T>& out) {
  expect(v.IsArray(), "an array");
  out.resize(v.Size());
  for (SizeType i = 0; i < v.Size(); ++i) fill(v[i], out[i]);
}

template <class T, std::size_t N>
void fill(const Value& v, std::array<T, N>& out) {
  expect(v.IsArray() && v.Size() == N, "an array of the model's length");
  for (SizeType i = 0; i < N; ++i) fill(v[i], out[i]);
}

inline void fill(const Value& v, json_performance::fixed_object_t& out) {
  fill(member(v, "int_array"), out.int_array);
  fill(member(v, "float_array"), out.float_array);
  fill(member(v, "double_array"), out.double_array);
}
inline void fill(const Value& v, json_performance::fixed_name_object_t& out) {
  fill(member(v, "name0"), out.name0);
  fill(member(v, "name1"), out.name1);
  fill(member(v, "name2"), out.name2);
  fill(member(v, "name3"), out.name3);
  fill(member(v, "name4"), out.name4);
}
inline void fill(const Value& v, json_performance::nested_object_t& out) {
  fill(member(v, "v3s"), out.v3s);
  fill(member(v, "id"), out.id);
}
inline void fill(const Value& v, json_performance::another_object_t& out) {
  fill(member(v, "string"), out.string);
  fill(member(v, "another_string"), out.another_string);
  fill(member(v, "escaped_text"), out.escaped_text);
  fill(member(v, "boolean"), out.boolean);
  fill(member(v, "nested_object"), out.nested_object);
}
inline void fill(const Value& v, json_performance::obj_t& out) {
  fill(member(v, "fixed_object"), out.fixed_object);
  fill(member(v, "fixed_name_object"), out.fixed_name_object);
  fill(member(v, "another_object"), out.another_object);
  fill(member(v, "string_array"), out.string_array);
  fill(member(v, "string"), out.string);
  fill(member(v, "number"), out.number);
  fill(member(v, "boolean"), out.boolean);
  fill(member(v, "another_bool"), out.another_bool);
}

inline void fill(const Value& v, canada::feature_properties& out) {
  fill(member(v, "name"), out.name);
}
inline void fill(const Value& v, canada::polygon& out) {
  fill(member(v, "type"), out.type);
  fill(member(v, "coordinates"), out.coordinates);
}
inline void fill(const Value& v, canada::feature& out) {
  fill(member(v, "type"), out.type);
  fill(member(v, "properties"), out.properties);
  fill(member(v, "geometry"), out.geometry);
}
inline void fill(const Value& v, canada::feature_collection& out) {
  fill(member(v, "type"), out.type);
  fill(member(v, "features"), out.features);
}

inline void fill(const Value& v, twitter::status_metadata& out) {
  fill(member(v, "result_type"), out.result_type);
  fill(member(v, "iso_language_code"), out.iso_language_code);
}
inline void fill(const Value& v, twitter::hashtag& out) {
  fill(member(v, "text"), out.text);
  fill(member(v, "indices"), out.indices);
}
inline void fill(const Value& v, twitter::url_entity& out) {
  fill(member(v, "url"), out.url);
  fill(member(v, "expanded_url"), out.expanded_url);
  fill(member(v, "display_url"), out.display_url);
  fill(member(v, "indices"), out.indices);
}
inline void fill(const Value& v, twitter::user_mention& out) {
  fill(member(v, "screen_name"), out.screen_name);
  fill(member(v, "name"), out.name);
  fill(member(v, "id"), out.id);
  fill(member(v, "id_str"), out.id_str);
  fill(member(v, "indices"), out.indices);
}
inline void fill(const Value& v, twitter::status_entities& out) {
  fill(member(v, "hashtags"), out.hashtags);
  fill(member(v, "urls"), out.urls);
  fill(member(v, "user_mentions"), out.user_mentions);
}
inline void fill(const Value& v, twitter::user_profile& out) {
  fill(member(v, "id"), out.id);
  fill(member(v, "id_str"), out.id_str);
  fill(member(v, "name"), out.name);
  fill(member(v, "screen_name"), out.screen_name);
  fill(member(v, "location"), out.location);
  fill(member(v, "description"), out.description);
  fill(member(v, "url"), out.url);
  fill(member(v, "followers_count"), out.followers_count);
  fill(member(v, "friends_count"), out.friends_count);
  fill(member(v, "listed_count"), out.listed_count);
  fill(member(v, "created_at"), out.created_at);
  fill(member(v, "favourites_count"), out.favourites_count);
  fill(member(v, "utc_offset"), out.utc_offset);
  fill(member(v, "time_zone"), out.time_zone);
  fill(member(v, "geo_enabled"), out.geo_enabled);
  fill(member(v, "verified"), out.verified);
  fill(member(v, "statuses_count"), out.statuses_count);
  fill(member(v, "lang"), out.lang);
  fill(member(v, "profile_image_url_https"), out.profile_image_url_https);
  fill(member(v, "default_profile"), out.default_profile);
  fill(member(v, "following"), out.following);
}
inline void fill(const Value& v, twitter::status& out) {
  fill(member(v, "metadata"), out.metadata);
  fill(member(v, "created_at"), out.created_at);
  fill(member(v, "id"), out.id);
  fill(member(v, "id_str"), out.id_str);
  fill(member(v, "text"), out.text);
  fill(member(v, "source"), out.source);
  fill(member(v, "truncated"), out.truncated);
  fill(member(v, "in_reply_to_status_id"), out.in_reply_to_status_id);
  fill(member(v, "in_reply_to_status_id_str"), out.in_reply_to_status_id_str);
  fill(member(v, "in_reply_to_user_id"), out.in_reply_to_user_id);
  fill(member(v, "in_reply_to_user_id_str"), out.in_reply_to_user_id_str);
  fill(member(v, "in_reply_to_screen_name"), out.in_reply_to_screen_name);
  fill(member(v, "user"), out.user);
  fill(member(v, "retweet_count"), out.retweet_count);
  fill(member(v, "favorite_count"), out.favorite_count);
  fill(member(v, "entities"), out.entities);
  fill(member(v, "favorited"), out.favorited);
  fill(member(v, "retweeted"), out.retweeted);
  fill(member(v, "lang"), out.lang);
}
inline void fill(const Value& v, twitter::search_metadata_t& out) {
  fill(member(v, "completed_in"), out.completed_in);
  fill(member(v, "max_id"), out.max_id);
  fill(member(v, "max_id_str"), out.max_id_str);
  fill(member(v, "next_results"), out.next_results);
  fill(member(v, "query"), out.query);
  fill(member(v, "refresh_url"), out.refresh_url);
  fill(member(v, "count"), out.count);
  fill(member(v, "since_id"), out.since_id);
  fill(member(v, "since_id_str"), out.since_id_str);
}
inline void fill(const Value& v, twitter::search_response& out) {
  fill(member(v, "statuses"), out.statuses);
  fill(member(v, "search_metadata"), out.search_metadata);
}

inline void fill(const Value& v, ns::model::A& out) {
  fill(member(v, "int_value"), out.int_value);
  fill(member(v, "float_value"), out.float_value);
  fill(member(v, "string_value"), out.string_value);
}
inline void fill(const Value& v, ns::model::B& out) {
  fill(member(v, "a_value"), out.a_value);
}
inline void fill(const Value& v, ns::model::C& out) {
  fill(member(v, "b_values"), out.b_values);
}

/// Parses `json` into the reused `doc` and fills `out`; throws std::runtime_error. kParseFullPrecisionFlag:
/// RapidJSON's default number parsing is not correctly rounded (it can be a few ULP off), and every reader
/// here must produce the same doubles.
template <class T>
void read(rapidjson::Document& doc, std::string_view json, T& out) {
  // RapidJSON's pool allocator only grows: without Clear() a reused Document would keep every DOM it parsed.
  doc.SetNull();
  doc.GetAllocator().Clear();
  doc.Parse<rapidjson::kParseFullPrecisionFlag>(json.data(), json.size());
  if (doc.HasParseError())
    throw std::runtime_error(std::string("RapidJSON: ") + rapidjson::GetParseError_En(doc.GetParseError()) +
                             " at byte " + std::to_string(doc.GetErrorOffset()));
  fill(doc, out);
}

}  // namespace rapidjson_read
