// Typed JSON round trips (round_trip.hpp): maps with string, integer and enum keys; pairs and tuples.
#include "round_trip.hpp"

namespace {

using Maps =
    ::testing::Types<std::map<std::string, int>, std::map<std::string, std::vector<std::string>>,
                     std::map<std::string, std::map<std::string, double>>, std::multimap<std::string, int>,
                     std::unordered_map<std::string, std::string>, std::unordered_multimap<std::string, int>,
                     std::map<int, std::string>, std::map<std::int64_t, bool>, std::map<std::uint64_t, int>,
                     std::map<std::int8_t, int>, std::map<std::uint8_t, char>, std::unordered_map<std::int32_t, double>,
                     std::multimap<std::int16_t, int>, std::map<rt::color, int>,
                     std::unordered_map<rt::edge, std::string>, std::multimap<rt::http, bool>,
                     std::map<std::string_view, int>, std::map<std::string, std::string_view>>;
using Tuples =
    ::testing::Types<std::pair<int, std::string>, std::pair<double, double>, std::tuple<>, std::tuple<bool>,
                     std::tuple<char, std::int64_t, double, std::string, std::vector<int>>,
                     std::tuple<std::pair<int, int>, std::tuple<std::string, rt::color>, std::optional<double>>>;

}  // namespace

INSTANTIATE_TYPED_TEST_SUITE_P(Maps, RoundTrip, Maps);
INSTANTIATE_TYPED_TEST_SUITE_P(Tuples, RoundTrip, Tuples);
