// The object of the widely quoted json_performance benchmark (tests/data/json/json_performance.json).
#pragma once

#include <array>
#include <string>
#include <vector>

namespace json_performance {

struct fixed_object_t {
  std::vector<int> int_array;
  std::vector<float> float_array;
  std::vector<double> double_array;
};

struct fixed_name_object_t {
  std::string name0;
  std::string name1;
  std::string name2;
  std::string name3;
  std::string name4;
};

struct nested_object_t {
  std::vector<std::array<double, 3>> v3s;
  std::string id;
};

struct another_object_t {
  std::string string;
  std::string another_string;
  std::string escaped_text;
  bool boolean;
  nested_object_t nested_object;
};

struct obj_t {
  fixed_object_t fixed_object;
  fixed_name_object_t fixed_name_object;
  another_object_t another_object;
  std::vector<std::string> string_array;
  std::string string;
  double number;
  bool boolean;
  bool another_bool;
};

/// The benchmark's object, with the values of json_performance.json.
inline obj_t make() {
  return {{{0, 1, 2, 3, 4, 5, 6},
           {0.1f, 0.2f, 0.3f, 0.4f, 0.5f, 0.6f},
           {3288398.238, 2.33e+24, 28.9, 0.928759872, 0.22222848, 0.1, 0.2, 0.3, 0.4}},
          {"James", "Abraham", "Susan", "Frank", "Alicia"},
          {"here is some text",
           "Hello World",
           R"({"some key":"some string value"})",
           false,
           {{{0.12345, 0.23456, 0.001345}, {0.3894675, 97.39827, 297.92387}, {18.18, 87.289, 2988.298}},
            "298728949872"}},
          {"Cat", "Dog", "Elephant", "Tiger"},
          "Hello world",
          3.14,
          true,
          false};
}

}  // namespace json_performance
