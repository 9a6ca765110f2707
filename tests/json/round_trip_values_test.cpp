// Typed JSON round trips (round_trip.hpp): json::value, alone and inside the typed paths.
#include "round_trip.hpp"

namespace {

struct with_metadata {
  std::string id;
  prism::json::value metadata;
  std::vector<int> counts;
};

template <>
struct samples<with_metadata> {
  static std::vector<with_metadata> values() {
    std::vector<with_metadata> v;
    for (const prism::json::value& m : values_of<prism::json::value>()) v.push_back({"id", m, {1, 2}});
    return v;
  }
};

using Values = ::testing::Types<prism::json::value, std::vector<prism::json::value>,
                                std::map<std::string, prism::json::value>, std::tuple<prism::json::value, int>,
                                with_metadata>;

}  // namespace

INSTANTIATE_TYPED_TEST_SUITE_P(Values, RoundTrip, Values);
