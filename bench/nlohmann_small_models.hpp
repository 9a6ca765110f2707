// nlohmann::json for the small benchmark models: the json_performance object, the jsonsink workload and the
// seed 000 model. Same style as nlohmann_models.hpp.
#pragma once

#include <nlohmann/json.hpp>

#include "models/json_performance.hpp"
#include "models/jsonsink.hpp"
#include "models/seed000.hpp"

namespace json_performance {
inline void to_json(nlohmann::json& j, const fixed_object_t& v) {
  j["int_array"] = v.int_array;
  j["float_array"] = v.float_array;
  j["double_array"] = v.double_array;
}
inline void to_json(nlohmann::json& j, const fixed_name_object_t& v) {
  j["name0"] = v.name0;
  j["name1"] = v.name1;
  j["name2"] = v.name2;
  j["name3"] = v.name3;
  j["name4"] = v.name4;
}
inline void to_json(nlohmann::json& j, const nested_object_t& v) {
  j["v3s"] = v.v3s;
  j["id"] = v.id;
}
inline void to_json(nlohmann::json& j, const another_object_t& v) {
  j["string"] = v.string;
  j["another_string"] = v.another_string;
  j["escaped_text"] = v.escaped_text;
  j["boolean"] = v.boolean;
  j["nested_object"] = v.nested_object;
}
inline void to_json(nlohmann::json& j, const obj_t& v) {
  j["fixed_object"] = v.fixed_object;
  j["fixed_name_object"] = v.fixed_name_object;
  j["another_object"] = v.another_object;
  j["string_array"] = v.string_array;
  j["string"] = v.string;
  j["number"] = v.number;
  j["boolean"] = v.boolean;
  j["another_bool"] = v.another_bool;
}
}  // namespace json_performance

namespace jsonsink {
inline void to_json(nlohmann::json& j, const sample& v) {
  j["id"] = v.id;
  j["x"] = v.x;
  j["y"] = v.y;
  j["z"] = v.z;
  j["w"] = v.w;
}
}  // namespace jsonsink

namespace ns::model {
inline void to_json(nlohmann::json& j, const A& v) {
  j["int_value"] = v.int_value;
  j["float_value"] = v.float_value;
  j["string_value"] = v.string_value;
}
inline void to_json(nlohmann::json& j, const B& v) { j["a_value"] = v.a_value; }
inline void to_json(nlohmann::json& j, const C& v) { j["b_values"] = v.b_values; }
}  // namespace ns::model
