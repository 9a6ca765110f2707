// The model of seed post 000: the same data that post serializes with nlohmann::json, snake_case by default.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace ns::model {

struct A {
  int int_value;
  float float_value;
  std::string string_value;
};

struct B {
  A a_value;
};

struct C {
  std::vector<B> b_values;
};

/// `count` B elements numbered from `first`, filled as the post fills them: {i, float(i), to_string(i)}.
inline C build(std::size_t count, int first) {
  C c;
  c.b_values.reserve(count);
  for (std::size_t k = 0; k < count; ++k) {
    int i = first + static_cast<int>(k);
    c.b_values.push_back(B{A{i, static_cast<float>(i), std::to_string(i)}});
  }
  return c;
}

}  // namespace ns::model
