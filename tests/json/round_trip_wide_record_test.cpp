// Typed JSON round trips (round_trip.hpp) of the record of 128 fields, reflection's upper limit: alone in its file,
// since its 128-way walks take as long to compile (at -O0, with debug information) as all the other records.
#include "round_trip.hpp"

namespace {

using WideRecord = ::testing::Types<test_models::wide_record>;

// Every field found again by key when another writer sorts the keys.
TEST(RoundTripReencoded, WideRecordWithKeysOutOfOrder) {
  for (const auto& w : values_of<test_models::wide_record>()) expect_reads_reencoded(w);
}

}  // namespace

INSTANTIATE_TYPED_TEST_SUITE_P(WideRecord, RoundTrip, WideRecord);
