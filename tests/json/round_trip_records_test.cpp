// Typed JSON round trips (round_trip.hpp): records: aggregates, described classes, surrogates, recursive and sparse
// records, a record of every kind, the golden site. The record of 128 fields is in round_trip_wide_record_test.cpp.
#include "round_trip.hpp"

namespace {

using Records = ::testing::Types<rt::empty, rt::inner, rt::outer, rt::account, rt::thermostat, rt::keyed, rt::legacy,
                                 rt::date, rt::kelvin, rt::tree, rt::chain>;
using LargeRecords = ::testing::Types<rt::everything, rt::sparse, golden::site>;

}  // namespace

INSTANTIATE_TYPED_TEST_SUITE_P(Records, RoundTrip, Records);
INSTANTIATE_TYPED_TEST_SUITE_P(LargeRecords, RoundTrip, LargeRecords);
