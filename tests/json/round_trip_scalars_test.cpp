// Typed JSON round trips (round_trip.hpp): numbers, characters, text, enums, byte strings and time.
#include "round_trip.hpp"

namespace {

// On LP64 Linux signed char, short, int and long are int8_t..int64_t: long long and the character types are
// the integer types left.
using Integers =
    ::testing::Types<std::int8_t, std::int16_t, std::int32_t, std::int64_t, std::uint8_t, std::uint16_t, std::uint32_t,
                     std::uint64_t, long long, unsigned long long, wchar_t, char8_t, char16_t, char32_t>;
using Scalars = ::testing::Types<bool, float, double, char>;
using Text = ::testing::Types<std::string, std::string_view, const char*, char[1], char[16], char[40],
                              prism::short_string<1>, prism::short_string<10>, prism::short_string<64>>;
using Enums = ::testing::Types<rt::color, rt::plain, rt::edge, rt::octet, rt::http, rt::wide_enum>;
using Bytes = ::testing::Types<std::vector<std::byte>, std::array<std::byte, 0>, std::array<std::byte, 1>,
                               std::array<std::byte, 2>, std::array<std::byte, 3>, std::array<std::byte, 4>,
                               std::array<std::byte, 5>, std::array<std::byte, 6>, std::array<std::byte, 7>,
                               std::array<std::byte, 8>, std::array<std::byte, 9>, std::array<std::byte, 10>>;
using Durations =
    ::testing::Types<std::chrono::nanoseconds, std::chrono::microseconds, std::chrono::milliseconds,
                     std::chrono::seconds, std::chrono::minutes, std::chrono::hours, std::chrono::days,
                     std::chrono::weeks, std::chrono::years, std::chrono::duration<double>,
                     std::chrono::duration<float, std::milli>, std::chrono::duration<std::int8_t, std::ratio<60>>,
                     std::chrono::duration<std::uint64_t, std::nano>,
                     std::chrono::duration<std::int64_t, std::ratio<1, 3>>>;
using TimePoints =
    ::testing::Types<std::chrono::sys_seconds, std::chrono::sys_time<std::chrono::milliseconds>,
                     std::chrono::sys_time<std::chrono::microseconds>, std::chrono::sys_time<std::chrono::nanoseconds>,
                     std::chrono::sys_time<std::chrono::minutes>, std::chrono::sys_time<std::chrono::hours>,
                     std::chrono::sys_days, std::chrono::sys_time<std::chrono::duration<std::int64_t, std::deci>>,
                     std::chrono::sys_time<std::chrono::duration<std::int64_t, std::centi>>,
                     std::chrono::sys_time<std::chrono::duration<std::int32_t>>>;

}  // namespace

INSTANTIATE_TYPED_TEST_SUITE_P(Integers, RoundTrip, Integers);
INSTANTIATE_TYPED_TEST_SUITE_P(Scalars, RoundTrip, Scalars);
INSTANTIATE_TYPED_TEST_SUITE_P(Text, RoundTrip, Text);
INSTANTIATE_TYPED_TEST_SUITE_P(Enums, RoundTrip, Enums);
INSTANTIATE_TYPED_TEST_SUITE_P(Bytes, RoundTrip, Bytes);
INSTANTIATE_TYPED_TEST_SUITE_P(Durations, RoundTrip, Durations);
INSTANTIATE_TYPED_TEST_SUITE_P(TimePoints, RoundTrip, TimePoints);
