// Shortest round-trip floating point text: byte-identical to std::to_chars(first, last, v), and reading back exact.
#include <prism/json/detail/dtoa.hpp>

#include <gtest/gtest.h>

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <system_error>
#include <type_traits>
#include <utility>

namespace {

using prism::json::detail::max_double_chars;
using prism::json::detail::max_float_chars;
using prism::json::detail::write_double;
using prism::json::detail::write_float;

template <class F>
constexpr std::size_t room = std::is_same_v<F, double> ? max_double_chars : max_float_chars;

template <class F>
using bits_t = std::conditional_t<std::is_same_v<F, double>, std::uint64_t, std::uint32_t>;

template <class F>
std::string to_chars_text(F v) {
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}

/// Compares write_double / write_float with std::to_chars and reads the text back; keeps the first few failures.
/// Writes into a heap buffer of exactly the documented room, so AddressSanitizer sees any write past it.
template <class F>
class differential {
 public:
  void check(F v) {
    ++checked_;
    char* end = nullptr;
    if constexpr (std::is_same_v<F, double>) end = write_double(buf_.get(), v);
    else end = write_float(buf_.get(), v);
    const std::string text(buf_.get(), end);
    const std::string expected = to_chars_text(v);
    if (text != expected) return fail(v, "wrote " + text + ", std::to_chars wrote " + expected);
    F back{};
    auto r = std::from_chars(text.data(), text.data() + text.size(), back);
    const bool same_bits = std::bit_cast<bits_t<F>>(back) == std::bit_cast<bits_t<F>>(v);
    if (r.ec != std::errc{} || r.ptr != text.data() + text.size() || !same_bits)
      return fail(v, "text " + text + " does not read back");
    if constexpr (std::is_same_v<F, double>) {
      if (std::bit_cast<std::uint64_t>(std::strtod(text.c_str(), nullptr)) != std::bit_cast<std::uint64_t>(v))
        return fail(v, "strtod reads " + text + " differently");
    }
  }
  void check_bits(bits_t<F> bits) { check(std::bit_cast<F>(bits)); }

  ~differential() {
    EXPECT_GT(checked_, 0);
    EXPECT_EQ(failures_, 0) << report_;
  }

 private:
  void fail(F v, const std::string& what) {
    if (failures_++ < 10) {
      char hex[64];
      std::snprintf(hex, sizeof hex, "%a", static_cast<double>(v));
      report_ += std::string(hex) + ": " + what + "\n";
    }
  }
  std::unique_ptr<char[]> buf_ = std::make_unique<char[]>(room<F>);
  long checked_ = 0;
  long failures_ = 0;
  std::string report_;
};

std::string write_text(double v) {
  char buf[max_double_chars];
  return std::string(buf, write_double(buf, v));
}
std::string write_text(float v) {
  char buf[max_float_chars];
  return std::string(buf, write_float(buf, v));
}

TEST(Dtoa, MillionRandomDoubleBitPatternsMatchToCharsAndReadBack) {
  differential<double> d;
  std::mt19937_64 rng(20240601);
  for (int i = 0; i < 1000000;) {
    const std::uint64_t bits = rng();
    if (((bits >> 52) & 0x7FF) == 0x7FF) continue;  // inf and NaN are not finite
    d.check_bits(bits);
    ++i;
  }
}

TEST(Dtoa, MillionRandomFloatBitPatternsMatchToCharsAndReadBack) {
  differential<float> d;
  std::mt19937_64 rng(7);
  for (int i = 0; i < 1000000;) {
    const auto bits = static_cast<std::uint32_t>(rng());
    if (((bits >> 23) & 0xFF) == 0xFF) continue;
    d.check_bits(bits);
    ++i;
  }
}

TEST(Dtoa, EdgeCasesHaveTheExpectedText) {
  const std::pair<double, const char*> doubles[] = {
      {0.0, "0"},
      {-0.0, "-0"},
      {5e-324, "5e-324"},
      {-5e-324, "-5e-324"},
      {1e-323, "1e-323"},
      {2.2250738585072014e-308, "2.2250738585072014e-308"},  // smallest normal
      {2.225073858507201e-308, "2.225073858507201e-308"},    // largest subnormal
      {1.7976931348623157e308, "1.7976931348623157e+308"},
      {-1.7976931348623157e308, "-1.7976931348623157e+308"},
      {1e22, "1e+22"},
      {1e23, "1e+23"},
      {1e300, "1e+300"},
      {1e-7, "1e-07"},
      {9007199254740993.0, "9007199254740992"},
      {9007199254740994.0, "9007199254740994"},
      {0.1, "0.1"},
      {0.3, "0.3"},
      {0.1 + 0.2, "0.30000000000000004"},
      {1.0 / 3, "0.3333333333333333"},
      {2.0 / 3, "0.6666666666666666"},
      {1.0, "1"},
      {-1.5, "-1.5"},
      {10000.0, "10000"},      // ties "1e+04": fixed
      {100000.0, "1e+05"},     // shorter than "100000"
      {1200000.0, "1200000"},  // ties "1.2e+06": fixed
      {12000000.0, "1.2e+07"},
      {0.001, "0.001"},  // ties "1e-03": fixed
      {0.0001, "1e-04"},
      {1.234e-4, "0.0001234"},
      {1.234e-5, "1.234e-05"},
      {123400000.0, "123400000"},
      {1234000000.0, "1.234e+09"},
      {1180591620717411303424.0, "1180591620717411303424"},  // 2^70: fixed ties, exact digits like printf
      {123456789012345680000.0, "123456789012345683968"},
      {-65.613617, "-65.613617"},
  };
  for (auto [v, text] : doubles) {
    EXPECT_EQ(write_text(v), text) << text;
    EXPECT_EQ(write_text(v), to_chars_text(v)) << text;
  }
  const std::pair<float, const char*> floats[] = {
      {0.0f, "0"},
      {-0.0f, "-0"},
      {0.1f, "0.1"},
      {0.3f, "0.3"},
      {1.0f / 3, "0.33333334"},
      {3.4028235e38f, "3.4028235e+38"},
      {1e-45f, "1e-45"},
      {1.1754944e-38f, "1.1754944e-38"},
      {16777216.f, "16777216"},
      {16777218.f, "16777218"},
      {17179869184.f, "17179869184"},  // 2^34: exact digits
      {1e10f, "1e+10"},
  };
  for (auto [v, text] : floats) {
    EXPECT_EQ(write_text(v), text) << text;
    EXPECT_EQ(write_text(v), to_chars_text(v)) << text;
  }
}

TEST(Dtoa, PowersOfTenFrom1eMinus320To1e308MatchToChars) {
  differential<double> d;
  for (int e = -320; e <= 308; ++e) {
    const std::string text = "1e" + std::to_string(e);
    const double v = std::strtod(text.c_str(), nullptr);
    d.check(v);
    d.check(std::nextafter(v, 0.0));
    d.check(std::nextafter(v, 2 * v));
  }
  differential<float> f;
  for (int e = -45; e <= 38; ++e) f.check(std::strtof(("1e" + std::to_string(e)).c_str(), nullptr));
}

TEST(Dtoa, IntegersOneToAMillionMatchToChars) {
  differential<double> d;
  differential<float> f;
  for (int i = 1; i <= 1000000; ++i) {
    d.check(i);
    f.check(static_cast<float>(i));
  }
}

// Values with n significant digits and exponents around both ends of the fixed range: on equal lengths, fixed wins.
TEST(Dtoa, FixedVersusScientificBoundariesAndTiesMatchToChars) {
  differential<double> d;
  differential<float> f;
  std::mt19937_64 rng(42);
  for (int n = 1; n <= 17; ++n) {
    for (int e = -(n + 6); e <= 8; ++e) {
      for (int rep = 0; rep < 20; ++rep) {
        std::string digits = std::to_string(1 + rng() % 9);
        for (int i = 1; i < n; ++i) digits += static_cast<char>('0' + rng() % 10);
        const std::string text = digits + "e" + std::to_string(e);
        d.check(std::strtod(text.c_str(), nullptr));
        if (n <= 9) f.check(std::strtof(text.c_str(), nullptr));
      }
    }
  }
}

// Values read from short decimals, and their neighbours, lie close to the boundaries of their rounding intervals
// and to ties, where the fast path hands over to the exact one: both must agree with std::to_chars.
TEST(Dtoa, ShortDecimalsAndTheirNeighboursMatchToChars) {
  differential<double> d;
  differential<float> f;
  std::mt19937_64 rng(2026);
  for (int i = 0; i < 200000; ++i) {
    const int digits = 1 + static_cast<int>(rng() % 17);
    std::string text = std::to_string(1 + rng() % 9);
    for (int j = 1; j < digits; ++j) text += static_cast<char>('0' + rng() % 10);
    text += "e" + std::to_string(static_cast<int>(rng() % 640) - 330);
    const double v = std::strtod(text.c_str(), nullptr);
    const float w = std::strtof(text.c_str(), nullptr);
    for (double x : {v, std::nextafter(v, 0.0), std::nextafter(v, HUGE_VAL)})
      if (std::isfinite(x) && x != 0) d.check(x);
    for (float x : {w, std::nextafter(w, 0.0f), std::nextafter(w, HUGE_VALF)})
      if (std::isfinite(x) && x != 0) f.check(x);
  }
}

// Past 2^53 a fixed integer's digits are the exact binary value's, not the shortest digits padded with zeros.
TEST(Dtoa, LargeFixedIntegersShowTheExactBinaryValue) {
  differential<double> d;
  differential<float> f;
  std::mt19937_64 rng(99);
  for (int q = 1; q <= 24; ++q) {
    for (int rep = 0; rep < 2000; ++rep) {
      d.check(std::ldexp(static_cast<double>((rng() >> 11) | (std::uint64_t{1} << 52)), q));
      f.check(std::ldexp(static_cast<float>((rng() >> 40) | (std::uint64_t{1} << 23)), q));
    }
  }
}

// c / 4 with c odd sits exactly halfway between two shortest candidates: the even last digit wins.
TEST(Dtoa, ExactMidpointsRoundToTheEvenDigit) {
  differential<double> d;
  differential<float> f;
  std::mt19937_64 rng(5);
  for (int rep = 0; rep < 20000; ++rep) {
    d.check(static_cast<double>((rng() >> 11) | (std::uint64_t{1} << 52) | 1) / 4);
    f.check(static_cast<float>((rng() >> 40) | (std::uint64_t{1} << 23) | 1) / 4);
  }
  EXPECT_EQ(write_text(1125899906842624.25), "1125899906842624.2");
  EXPECT_EQ(write_text(1125899906842624.75), "1125899906842624.8");
}

TEST(Dtoa, EveryDoubleExponentWithEdgeAndRandomSignificands) {
  differential<double> d;
  std::mt19937_64 rng(1234);
  const std::uint64_t max_fraction = (std::uint64_t{1} << 52) - 1;
  for (std::uint64_t biased = 0; biased <= 2046; ++biased) {
    for (std::uint64_t fraction : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{2}, max_fraction,
                                   max_fraction - 1, rng() & max_fraction, rng() & max_fraction}) {
      d.check_bits(biased << 52 | fraction);
      d.check_bits(std::uint64_t{1} << 63 | biased << 52 | fraction);
    }
  }
}

TEST(Dtoa, EveryFloatExponentWithEdgeAndRandomSignificands) {
  differential<float> f;
  std::mt19937_64 rng(4321);
  const std::uint32_t max_fraction = (std::uint32_t{1} << 23) - 1;
  for (std::uint32_t biased = 0; biased <= 254; ++biased) {
    const std::uint32_t random_fraction = static_cast<std::uint32_t>(rng()) & max_fraction;
    for (std::uint32_t fraction : {0u, 1u, 2u, max_fraction, max_fraction - 1, random_fraction}) {
      f.check_bits(biased << 23 | fraction);
      f.check_bits(std::uint32_t{1} << 31 | biased << 23 | fraction);
    }
  }
}

// Callers reserve max_*_chars; the writers may scribble inside that room past the end, never beyond it.
TEST(Dtoa, WritesStayInsideTheReservedRoom) {
  std::mt19937_64 rng(77);
  const double doubles[] = {-2.2250738585072014e-308, -1.7976931348623157e308, -1.2345678901234567e-100,
                            -0.00012345678901234567, -123456789012345680000.0, -1180591620717411303424.0};
  for (double v : doubles) {
    char buf[max_double_chars + 16];
    std::memset(buf, '#', sizeof buf);
    char* end = write_double(buf, v);
    EXPECT_LE(end - buf, static_cast<std::ptrdiff_t>(max_double_chars));
    for (std::size_t i = max_double_chars; i < sizeof buf; ++i) ASSERT_EQ(buf[i], '#') << v;
  }
  for (int i = 0; i < 100000; ++i) {
    char buf[max_float_chars + 16];
    std::memset(buf, '#', sizeof buf);
    const auto v = std::bit_cast<float>(static_cast<std::uint32_t>(rng()) | 0x80000000u);
    if (!std::isfinite(v)) continue;
    char* end = write_float(buf, v);
    EXPECT_LE(end - buf, static_cast<std::ptrdiff_t>(max_float_chars));
    for (std::size_t j = max_float_chars; j < sizeof buf; ++j) ASSERT_EQ(buf[j], '#') << v;
  }
}

// The fallback for compilers without a 128-bit integer (32-bit targets) against the native product.
TEST(Dtoa, PortableMultiplyMatchesNative) {
  using prism::json::detail::umul128_portable;
  std::mt19937_64 rng(3);
  const std::uint64_t max = ~std::uint64_t{0};
  for (auto [a, b] : {std::pair{max, max}, std::pair{max, std::uint64_t{1}}, std::pair{std::uint64_t{0}, max}}) {
    const auto p = umul128_portable(a, b);
    const auto n = prism::json::detail::umul128(a, b);
    EXPECT_EQ(p.hi, n.hi);
    EXPECT_EQ(p.lo, n.lo);
  }
  for (int i = 0; i < 100000; ++i) {
    const std::uint64_t a = rng(), b = rng() >> (rng() % 64);
    const auto p = umul128_portable(a, b);
    EXPECT_EQ(p.lo, a * b);
    const auto n = prism::json::detail::umul128(a, b);
    EXPECT_EQ(p.hi, n.hi);
  }
  static_assert(umul128_portable(max, max).hi == max - 1 && umul128_portable(max, max).lo == 1);
}

}  // namespace
