// A typed model of canada.json: GeoJSON, one feature collection of polygons, almost all of it coordinates.
#pragma once

#include <array>
#include <string>
#include <vector>

namespace canada {

struct feature_properties {
  std::string name;
};

/// A polygon: rings of [longitude, latitude] points.
struct polygon {
  std::string type;
  std::vector<std::vector<std::array<double, 2>>> coordinates;
};

struct feature {
  std::string type;
  feature_properties properties;
  polygon geometry;
};

struct feature_collection {
  std::string type;
  std::vector<feature> features;
};

}  // namespace canada
