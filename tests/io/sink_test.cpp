// Every sink carries the same document byte for byte.
#include <prism/core/detail/copy_bytes.hpp>
#include <prism/prism.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <fcntl.h>
#include <sstream>
#include <vector>
#include <unistd.h>

namespace {

struct item {
  std::uint32_t id;
  std::string label;
  std::vector<double> values;
};

std::vector<item> model(std::size_t n) {
  std::vector<item> v;
  for (std::size_t i = 0; i < n; ++i)
    v.push_back({static_cast<std::uint32_t>(i), "label \"" + std::to_string(i) + "\"", {i * 0.5, -1.25, 1e-9 * double(i)}});
  return v;
}

const std::string& expected() {
  static const std::string s = prism::json::to_string(model(500)).value();
  return s;
}

std::string read_all(int fd) {
  std::string s;
  ::lseek(fd, 0, SEEK_SET);
  char buf[4096];
  for (ssize_t k; (k = ::read(fd, buf, sizeof buf)) > 0;) s.append(buf, static_cast<std::size_t>(k));
  return s;
}

TEST(Sinks, StringAndVectors) {
  std::vector<char> vc;
  std::vector<unsigned char> vu;
  std::vector<std::byte> vb;
  ASSERT_TRUE(prism::json::write(model(500), vc).has_value());
  ASSERT_TRUE(prism::json::write(model(500), vu).has_value());
  ASSERT_TRUE(prism::json::write(model(500), vb).has_value());
  EXPECT_EQ(std::string(vc.begin(), vc.end()), expected());
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(vu.data()), vu.size()), expected());
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(vb.data()), vb.size()), expected());
}

// The growable sink appends after what the container holds, whatever the output's size against the sink's own
// buffer (1 KiB) and its growth steps, and whatever spare room the container has: none, a little, or plenty.
TEST(Sinks, ContainerAppendsAtEverySizeAndCapacity) {
  for (std::size_t length = 0; length < 4200; length += length < 1100 ? 1 : 37) {
    const std::string text(length, 'a');
    const std::string json = '"' + text + '"';
    for (std::size_t room : {0u, 64u, 1000u, 5000u}) {
      std::string s = "head";
      s.reserve(s.size() + room);
      std::vector<std::byte> v(3, std::byte{7});
      v.reserve(v.size() + room);
      auto ws = prism::json::write(text, s);
      auto wv = prism::json::write(text, v);
      ASSERT_TRUE(ws && wv);
      EXPECT_EQ(*ws, json.size());
      EXPECT_EQ(*wv, json.size());
      ASSERT_EQ(s, "head" + json) << length << " bytes, " << room << " spare";
      ASSERT_EQ(v.size(), 3 + json.size()) << length << " bytes, " << room << " spare";
      EXPECT_TRUE(std::equal(json.begin(), json.end(), v.begin() + 3, [](char c, std::byte b) { return c == static_cast<char>(b); }));
    }
  }
}

TEST(Sinks, FixedBufferOfEverySizeFrom64) {
  for (std::size_t size : {64u, 65u, 100u, 127u, 4096u}) {
    std::vector<char> buf(size);
    std::string got;
    std::size_t flushes = 0;
    prism::io::fixed_sink sink(std::span<char>(buf), [&](std::string_view chunk) {
      EXPECT_LE(chunk.size(), size);
      got.append(chunk);
      ++flushes;
      return true;
    });
    auto r = prism::json::write(model(500), sink);
    ASSERT_TRUE(r.has_value());
    EXPECT_EQ(*r, expected().size());
    EXPECT_EQ(got, expected()) << "buffer of " << size;
    EXPECT_GE(flushes, expected().size() / size);
  }
}

TEST(Sinks, FlushFailureIsReported) {
  char buf[64];
  int calls = 0;
  prism::io::fixed_sink sink(std::span<char>(buf), [&](std::string_view) { return ++calls < 3; });
  auto r = prism::json::write(model(100), sink);
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, prism::error_code::sink_failed);
  EXPECT_EQ(calls, 3);  // no flush after the failing one
}

TEST(Sinks, FileDescriptor) {
  char path[] = "/tmp/prism-sink-XXXXXX";
  int fd = ::mkstemp(path);
  ASSERT_GE(fd, 0);
  ::unlink(path);
  prism::io::fd_sink sink(prism::io::fd_writer{fd});
  auto r = prism::json::write(model(500), sink);
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(read_all(fd), expected());
  ::close(fd);
}

TEST(Sinks, ClosedFileDescriptorFails) {
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  ::close(fds[1]);
  prism::io::fd_sink sink(prism::io::fd_writer{fds[1]});
  auto r = prism::json::write(model(10), sink);
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, prism::error_code::sink_failed);
  ::close(fds[0]);
}

TEST(Sinks, CFile) {
  std::FILE* f = std::tmpfile();
  ASSERT_NE(f, nullptr);
  ASSERT_TRUE(prism::json::write(model(500), f).has_value());
  std::fflush(f);
  EXPECT_EQ(read_all(::fileno(f)), expected());
  std::fclose(f);
}

TEST(Sinks, Ostream) {
  std::ostringstream os;
  ASSERT_TRUE(prism::json::write(model(500), os).has_value());
  EXPECT_EQ(os.str(), expected());
}

TEST(Sinks, CountingMeasuresExactlyForATwoPassWrite) {
  prism::io::counting_sink counter;
  auto n = prism::json::write(model(500), counter, {.indent = 2});
  ASSERT_TRUE(n.has_value());
  std::string out;
  out.reserve(*n);
  ASSERT_TRUE(prism::json::write(model(500), out, {.indent = 2}).has_value());
  EXPECT_EQ(*n, out.size());
  EXPECT_EQ(out.capacity(), *n);  // the measured size was enough: no regrowth
}

// A user's own sink: anything with bool write(const char*, size_t).
struct checksum_sink {
  std::uint64_t hash = 1469598103934665603ull;
  std::size_t bytes = 0;
  bool write(const char* p, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) hash = (hash ^ static_cast<unsigned char>(p[i])) * 1099511628211ull;
    bytes += n;
    return true;
  }
};
static_assert(prism::io::byte_writer<checksum_sink>);

TEST(Sinks, UserByteWriter) {
  checksum_sink mine, reference;
  ASSERT_TRUE(prism::json::write(model(500), mine).has_value());
  reference.write(expected().data(), expected().size());
  EXPECT_EQ(mine.bytes, expected().size());
  EXPECT_EQ(mine.hash, reference.hash);
}

}  // namespace

// Bulk copies take another path where memcpy would be slow (the destination 1-63 bytes past the source modulo
// 4 KiB, 1 KiB or more): every length and distance around those edges must copy exactly.
TEST(CopyBytes, CopiesExactlyAtEveryDistanceAndLength) {
  std::vector<char> from(3 * 4096), to(3 * 4096);
  for (std::size_t i = 0; i < from.size(); ++i) from[i] = static_cast<char>(i * 7 + i / 251);
  auto page = [](std::vector<char>& v) {
    auto a = reinterpret_cast<std::uintptr_t>(v.data());
    return v.data() + (4096 - a % 4096) % 4096;
  };
  char* src = page(from);
  char* dst_page = page(to);
  for (std::size_t n : {0u, 1u, 63u, 64u, 1023u, 1024u, 1025u, 1090u, 4000u}) {
    for (std::size_t distance : {0u, 1u, 5u, 32u, 63u, 64u, 100u}) {
      char* dst = dst_page + distance;
      std::fill(dst_page, dst_page + 4096 + 128, '\0');
      prism::detail::copy_bytes(dst, src, n);
      ASSERT_TRUE(std::equal(src, src + n, dst)) << n << " bytes at distance " << distance;
      ASSERT_EQ(dst[n], '\0') << "wrote past the end: " << n << " bytes at distance " << distance;
    }
  }
}
