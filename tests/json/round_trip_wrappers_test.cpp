// Typed JSON round trips (round_trip.hpp): optionals, variants and smart pointers.
#include "round_trip.hpp"

namespace {

using Optionals = ::testing::Types<std::optional<int>, std::optional<double>, std::optional<std::string>,
                                   std::optional<std::vector<int>>, std::optional<rt::color>, std::optional<rt::inner>,
                                   std::optional<std::tuple<int, std::string>>, std::optional<rt::date>>;
using Variants = ::testing::Types<
    std::variant<std::monostate, int, std::string>,
    std::variant<std::int8_t, std::int16_t, std::int32_t, std::int64_t, std::uint8_t, std::uint16_t, std::uint32_t,
                 std::uint64_t>,
    std::variant<float, double, bool, char, std::string>, std::variant<rt::circle, rt::rectangle, rt::polygon>,
    std::variant<std::monostate, rt::circle, rt::rectangle>,
    std::variant<rt::color, rt::date, std::chrono::milliseconds, std::chrono::sys_seconds, std::vector<std::byte>>,
    std::variant<std::vector<int>, std::map<std::string, int>, std::optional<std::string>>,
    std::variant<std::nullptr_t, int>, std::variant<int, std::variant<std::string, bool>>>;
using Pointers =
    ::testing::Types<std::unique_ptr<int>, std::unique_ptr<std::string>, std::shared_ptr<double>,
                     std::shared_ptr<std::vector<int>>, std::unique_ptr<rt::circle>, std::vector<std::unique_ptr<int>>,
                     std::shared_ptr<std::vector<std::unique_ptr<int>>>>;

}  // namespace

INSTANTIATE_TYPED_TEST_SUITE_P(Optionals, RoundTrip, Optionals);
INSTANTIATE_TYPED_TEST_SUITE_P(Variants, RoundTrip, Variants);
INSTANTIATE_TYPED_TEST_SUITE_P(Pointers, RoundTrip, Pointers);
