// Binary round trips over every supported type (written, read, and written to the same bytes, also through a
// 64-byte sink), real documents through the binary format and back, and reading from streams.
#include "bin_test.hpp"

#include <fstream>

#include "models/canada.hpp"
#include "models/twitter.hpp"

namespace {

// ---- round trips over every supported type ------------------------------------------------------------------

template <class T>
class RoundTrip : public ::testing::Test {};

using round_trip_types =
    ::testing::Types<bool, char, std::int8_t, std::uint8_t, std::int16_t, std::uint16_t, std::int32_t, std::uint32_t,
                     std::int64_t, std::uint64_t, float, double, std::string, std::vector<std::byte>,
                     std::array<std::byte, 2>, level, shade, std::chrono::nanoseconds, std::chrono::duration<float>,
                     std::chrono::system_clock::time_point, std::optional<std::string>, std::vector<std::int64_t>,
                     std::deque<std::string>, std::list<double>, std::forward_list<int>, std::set<std::string>,
                     std::multiset<int>, std::unordered_set<int>, std::array<std::int16_t, 3>, std::map<int, std::string>,
                     std::unordered_map<std::string, double>, std::multimap<std::string, int>, std::pair<int, std::string>,
                     std::tuple<bool, float, std::string>, std::variant<std::monostate, int, std::string>,
                     std::vector<std::optional<int>>, std::vector<bool>, std::vector<std::vector<float>>,
                     std::deque<float>, std::stack<std::int64_t>, std::queue<std::string>, std::priority_queue<int>,
                     prism::short_string<8>, golden::scalars, golden::containers, golden::account, golden::drawing>;
TYPED_TEST_SUITE(RoundTrip, round_trip_types);

/// Values to round-trip: the default (but an enum's with no enumerator, which is not written), and one or two with
/// something in them.
template <class T>
std::vector<T> samples() {
  std::vector<T> s(1);
  if constexpr (std::is_enum_v<T>) {
    if (!prism::detail::enum_value_named(T{})) s.clear();
  }
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool> && !std::is_same_v<T, char>) {
    s.push_back(std::numeric_limits<T>::min());
    s.push_back(std::numeric_limits<T>::max());
  } else if constexpr (std::is_same_v<T, bool>) {
    s.push_back(true);
  } else if constexpr (std::is_same_v<T, char>) {
    s.push_back('\xff');
  } else if constexpr (std::is_floating_point_v<T>) {
    s.push_back(std::numeric_limits<T>::denorm_min());
    s.push_back(-std::numeric_limits<T>::infinity());
  } else if constexpr (std::is_same_v<T, std::string>) {
    s.push_back(std::string("with\0nul", 8));
  } else if constexpr (std::is_same_v<T, level>) {
    s.push_back(level::low);
    s.push_back(level::high);
  } else if constexpr (std::is_same_v<T, golden::scalars>) {
    s.push_back(golden::make_scalars());
  } else if constexpr (std::is_same_v<T, golden::containers>) {
    s.push_back(golden::make_containers());
  } else if constexpr (std::is_same_v<T, golden::account>) {
    s.push_back(golden::make_account());
  } else if constexpr (std::is_same_v<T, golden::drawing>) {
    s.push_back(golden::make_drawing());
  } else if constexpr (std::is_same_v<T, std::chrono::system_clock::time_point>) {
    s.push_back(T(std::chrono::system_clock::duration(-123456789)));
  } else if constexpr (std::is_same_v<T, std::variant<std::monostate, int, std::string>>) {
    s.push_back(std::string("alt"));
    s.push_back(-5);
  } else if constexpr (std::is_same_v<T, std::vector<std::optional<int>>>) {
    s.push_back({1, std::nullopt, -1});
  } else if constexpr (requires { typename T::container_type; }) {  // adaptors: each element sample pushed
    T t;
    for (const auto& e : samples<typename T::value_type>()) t.push(e);
    s.push_back(t);
  } else if constexpr (requires { T{}.insert(T{}.end(), typename T::value_type{}); }) {
    T t;
    t.insert(t.end(), typename T::value_type{});
    s.push_back(t);
  }
  return s;
}

TYPED_TEST(RoundTrip, WritesReadsAndWritesTheSameBytes) {
  using T = TypeParam;
  for (const T& value : samples<T>()) {
    bytes first = encode(value);
    if (const std::size_t bound = prism::bin::detail::size_bound(value); bound != 0) {
      EXPECT_LE(first.size(), 1 + bound);
    }
    auto back = decode<T>(first);
    ASSERT_TRUE(back) << back.error().message();
    EXPECT_EQ(encode(*back), first);
    if constexpr (requires { value == value; } && !std::is_floating_point_v<T>) {
      EXPECT_TRUE(*back == value);
    }
    // through a fixed 64-byte sink, in pieces: the same bytes
    char buffer[64];
    bytes streamed;
    prism::io::fixed_sink sink(buffer, [&](std::string_view chunk) {
      for (char ch : chunk) streamed.push_back(static_cast<std::byte>(ch));
      return true;
    });
    ASSERT_TRUE(prism::bin::write(value, sink));
    EXPECT_EQ(streamed, first);
  }
}

std::string data_file(const std::string& name) {
  std::ifstream in(std::string(PRISM_DATA_DIR) + "/json/" + name, std::ios::binary);
  EXPECT_TRUE(in) << "missing " << PRISM_DATA_DIR << "/json/" << name;
  return std::string((std::istreambuf_iterator<char>(in)), {});
}

// The real data: read with the JSON reader into the typed models, then through the binary format and back; the
// JSON written before and after must be the same.
TEST(BinaryRoundTrip, RealData) {
  auto tw = prism::json::read<twitter::search_response>(data_file("twitter.json")).value();
  auto tw_back = decode<twitter::search_response>(encode(tw));
  ASSERT_TRUE(tw_back) << tw_back.error().message();
  EXPECT_EQ(prism::json::to_string(*tw_back).value(), prism::json::to_string(tw).value());
  auto ca = prism::json::read<canada::feature_collection>(data_file("canada.json")).value();
  bytes ca_bytes = encode(ca);
  auto ca_back = decode<canada::feature_collection>(ca_bytes);
  ASSERT_TRUE(ca_back) << ca_back.error().message();
  EXPECT_EQ(prism::json::to_string(*ca_back).value(), prism::json::to_string(ca).value());
  EXPECT_LT(ca_bytes.size(), 2'251'051u / 2);  // doubles as 9 bytes (1 header-free f64 in a packed seq), not text
}

TEST(BinaryRoundTrip, FromStreams) {
  bytes b = encode(golden::make_containers());
  std::string text(reinterpret_cast<const char*>(b.data()), b.size());
  std::istringstream in(text);
  auto back = prism::bin::read<golden::containers>(in);
  ASSERT_TRUE(back) << back.error().message();
  EXPECT_EQ(encode(*back), b);
  std::FILE* f = std::tmpfile();
  ASSERT_NE(f, nullptr);
  ASSERT_TRUE(prism::bin::write(golden::make_containers(), f));
  std::rewind(f);
  auto from_file = prism::bin::read<golden::containers>(f);
  std::fclose(f);
  ASSERT_TRUE(from_file) << from_file.error().message();
  EXPECT_EQ(encode(*from_file), b);
}

}  // namespace
