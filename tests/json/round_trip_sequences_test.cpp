// Typed JSON round trips (round_trip.hpp): sequences of every standard container, C arrays, and the container adaptors.
#include "round_trip.hpp"

namespace {

using Sequences =
    ::testing::Types<std::vector<int>, std::vector<bool>, std::vector<double>, std::vector<std::string>,
                     std::vector<std::vector<int>>, std::vector<char>, std::deque<float>, std::list<std::string>,
                     std::forward_list<std::int64_t>, std::set<int>, std::set<std::string>, std::multiset<std::uint8_t>,
                     std::unordered_set<std::string>, std::unordered_multiset<std::int16_t>, std::array<int, 1>,
                     std::array<std::string, 3>, std::array<std::array<bool, 2>, 2>, int[3], std::string[2], double[4],
                     int[2][3], std::vector<std::optional<int>>, std::vector<const char*>,
                     std::vector<std::string_view>, std::vector<rt::inner>>;
using Adaptors = ::testing::Types<std::stack<int>, std::stack<std::string, std::vector<std::string>>,
                                  std::queue<double>, std::queue<std::vector<int>, std::list<std::vector<int>>>,
                                  std::priority_queue<int>, std::priority_queue<std::string, std::deque<std::string>,
                                                                                std::greater<std::string>>>;

}  // namespace

INSTANTIATE_TYPED_TEST_SUITE_P(Sequences, RoundTrip, Sequences);
INSTANTIATE_TYPED_TEST_SUITE_P(Adaptors, RoundTrip, Adaptors);
