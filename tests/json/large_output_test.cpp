// Output larger than memory: 256 MiB streamed to a file descriptor with flat peak memory.
#include <prism/prism.hpp>

#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

namespace {

struct reading {
  std::uint64_t sensor;
  double value;
  std::string_view unit;
};

// A sequence produced on the fly: it exists only as it is written.
struct readings {
  std::uint64_t count;
  struct iterator {
    std::uint64_t i;
    reading operator*() const { return {i, static_cast<double>(i) * 0.001, "kelvin"}; }
    iterator& operator++() {
      ++i;
      return *this;
    }
    bool operator!=(const iterator& o) const { return i != o.i; }
  };
  iterator begin() const { return {0}; }
  iterator end() const { return {count}; }
};

}  // namespace

template <>
struct prism::adapter<readings> {
  static constexpr prism::kind category = prism::kind::sequence;
  using value_type = reading;
};

namespace {

long peak_rss_kib() {
  rusage u{};
  ::getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss;
}

TEST(LargeOutput, QuarterGibibyteToAFileDescriptorInFlatMemory) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "sanitizer shadow memory makes RSS meaningless; the plain build runs this";
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
  GTEST_SKIP() << "sanitizer shadow memory makes RSS meaningless; the plain build runs this";
#endif
#endif
  int fd = ::open("/dev/null", O_WRONLY);
  ASSERT_GE(fd, 0);
  prism::io::fd_sink sink(prism::io::fd_writer{fd});
  readings r{7'000'000};
  auto n = prism::json::write(r, sink);
  ::close(fd);
  ASSERT_TRUE(n.has_value()) << n.error().message();
  EXPECT_GE(*n, 256u << 20);
  EXPECT_LT(peak_rss_kib(), 32 * 1024) << "peak RSS KiB";
}

}  // namespace
