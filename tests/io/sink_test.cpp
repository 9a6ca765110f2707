// Every sink carries the same document byte for byte.
#include <prism/core/detail/copy_bytes.hpp>
#include <prism/prism.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
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
    v.push_back({static_cast<std::uint32_t>(i), "label \"" + std::to_string(i) + "\"", {static_cast<double>(i) * 0.5, -1.25, 1e-9 * static_cast<double>(i)}});
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

// Told the most bytes to come (bounded_sink), the growable sink lends the container's own storage: a writer that puts
// fewer leaves nothing behind, one that puts more still gets room, and the container ends with its old content and
// exactly what was written.
TEST(Sinks, ContainerToldABoundKeepsExactlyWhatWasWritten) {
  static_assert(prism::io::bounded_sink<prism::io::container_sink<std::string>>);
  for (std::size_t most : {0u, 1u, 64u, 100u, 512u, 513u, 5000u}) {
    for (std::size_t length : {0u, 1u, 63u, 64u, 65u, 100u, 511u, 600u, 3000u}) {
      std::string text;
      for (std::size_t i = 0; i < length; ++i) text += static_cast<char>('a' + i % 26);
      std::string s = "head";
      prism::io::container_sink sink(s);
      prism::io::window w = sink.start(most);
      for (std::size_t at = 0, piece = 1; at < length; at += piece, piece = piece % 13 + 1) {  // pieces of 1 to 13
        piece = std::min(piece, length - at);
        if (static_cast<std::size_t>(w.end - w.pos) < piece) w = sink.next(w.pos, piece);
        std::memcpy(w.pos, text.data() + at, piece);
        w.pos += piece;
      }
      ASSERT_TRUE(sink.finish(w.pos));
      EXPECT_EQ(sink.written(), length);
      ASSERT_EQ(s, "head" + text) << most << " bytes said, " << length << " written";
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

// Runs that do not fit the window at hand (a vector<float>'s payload, a string, raw JSON) go to a sink whole where it
// takes them so (containers and counters, and files from their buffer's 16 KiB up), and through the windows of a
// fixed_sink, whose chunks stay within its buffer: every sink must carry the same bytes, around 1 KiB (the container's
// own buffer), 4 KiB and 16 KiB too.
struct bulky {
  std::uint32_t id;
  std::vector<float> samples;
  std::string text;
  std::vector<std::uint8_t> blob;
};

std::vector<bulky> bulky_model() {
  std::vector<bulky> v;
  for (std::size_t n : {0u, 1u, 1023u, 1024u, 1025u, 4095u, 4096u, 4097u, 20000u}) {
    bulky b{static_cast<std::uint32_t>(n), std::vector<float>(n), std::string(n * 3, 'x'), {}};
    for (std::size_t i = 0; i < n; ++i) b.samples[i] = static_cast<float>(i) * 0.25f;
    for (std::size_t i = 0; i < b.text.size(); ++i) b.text[i] = static_cast<char>('a' + i % 26);
    b.blob.assign(b.text.begin(), b.text.end());
    v.push_back(std::move(b));
  }
  return v;
}

template <class Write>
void expect_every_sink_carries(Write write) {
  std::string reference;  // through a fixed_sink's 64-byte windows: no run passes whole
  {
    char buf[64];
    prism::io::fixed_sink sink(std::span<char>(buf), [&](std::string_view chunk) {
      EXPECT_LE(chunk.size(), sizeof buf);
      reference.append(chunk);
      return true;
    });
    ASSERT_TRUE(write(sink));
  }
  ASSERT_GT(reference.size(), 100000u);
  for (std::size_t room : {0u, 64u, 5000u, 1000000u}) {
    std::string s = "head";
    s.reserve(s.size() + room);
    std::vector<std::byte> v(3, std::byte{7});
    v.reserve(v.size() + room);
    ASSERT_TRUE(write(s));
    ASSERT_TRUE(write(v));
    EXPECT_EQ(s, "head" + reference) << room << " spare";
    ASSERT_EQ(v.size(), 3 + reference.size()) << room << " spare";
    EXPECT_TRUE(std::equal(reference.begin(), reference.end(), v.begin() + 3,
                           [](char c, std::byte b) { return c == static_cast<char>(b); }));
  }
  prism::io::counting_sink counter;
  ASSERT_TRUE(write(counter));
  EXPECT_EQ(counter.written(), reference.size());
  std::ostringstream os;
  ASSERT_TRUE(write(os));
  EXPECT_EQ(os.str(), reference);
  char path[] = "/tmp/prism-sink-XXXXXX";
  int fd = ::mkstemp(path);
  ASSERT_GE(fd, 0);
  ::unlink(path);
  {
    prism::io::fd_sink sink(prism::io::fd_writer{fd});
    ASSERT_TRUE(write(sink));
  }
  EXPECT_EQ(read_all(fd), reference);
  ::close(fd);
}

// A container takes a long run by inserting it, or, where the run lies 1-31 bytes before its place modulo 4 KiB (a
// slow memcpy), by growing and copying: both at every distance, after bytes still in the sink's own buffer.
TEST(Sinks, ContainerTakesLongRunsAtEveryDistance) {
  std::vector<char> pool(4 * 4096 + 20000);
  for (std::size_t i = 0; i < pool.size(); ++i) pool[i] = static_cast<char>(i * 13 + i / 509);
  for (std::size_t distance : {0u, 1u, 5u, 31u, 32u, 100u, 4095u}) {
    for (std::size_t n : {4096u, 5000u, 20000u}) {
      std::string out;
      out.reserve(40000);
      prism::io::container_sink sink(out);
      prism::io::window w = sink.start();
      std::memcpy(w.pos, "head", 4);
      w.pos += 4;
      auto dst = reinterpret_cast<std::uintptr_t>(out.data()) + 4;
      auto base = reinterpret_cast<std::uintptr_t>(pool.data());
      const char* src = pool.data() + ((dst - distance - base) & 4095);
      ASSERT_EQ((dst - reinterpret_cast<std::uintptr_t>(src)) & 4095, distance);
      w = sink.append(w.pos, src, n);
      std::memcpy(w.pos, "tail", 4);
      ASSERT_TRUE(sink.finish(w.pos + 4));
      EXPECT_EQ(sink.written(), n + 8);
      EXPECT_EQ(out, "head" + std::string(src, n) + "tail") << n << " bytes at distance " << distance;
    }
  }
}

TEST(Sinks, LongRunsReachEverySinkIntact) {
  const auto model = bulky_model();
  expect_every_sink_carries([&](auto& out) { return prism::bin::write(model, out).has_value(); });
  expect_every_sink_carries([&](auto& out) { return prism::json::write(model, out).has_value(); });
  expect_every_sink_carries([&](auto& out) {  // raw JSON text: the JSON writer's own runs
    decltype(auto) sink = prism::io::make_sink(out);  // a sink passed in stays itself
    prism::json::writer<std::remove_reference_t<decltype(sink)>> w(sink, {});
    w.begin_array();
    for (const auto& b : model) w.raw_value("\"" + b.text + "\"");
    w.end_array();
    return w.finish().has_value();
  });
}

}  // namespace

// Bulk copies take another path where memcpy would be slow (the destination 1-31 bytes past the source modulo
// 4 KiB, 1 KiB or more), from the end back: every length and distance around those edges must copy exactly.
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
    for (std::size_t distance : {0u, 1u, 5u, 31u, 32u, 63u, 64u, 100u}) {
      char* dst = dst_page + distance;
      // copy_bytes, and the chunked copy it takes on processors where memcpy is slow there (whatever this one is)
      for (bool chunks : {false, true}) {
        std::fill(dst_page, dst_page + 4096 + 128, '\0');
        if (chunks) prism::detail::copy_in_chunks(dst, src, n);
        else prism::detail::copy_bytes(dst, src, n);
        ASSERT_TRUE(std::equal(src, src + n, dst)) << n << " bytes at distance " << distance << ", chunks " << chunks;
        ASSERT_EQ(dst[n], '\0') << "wrote past the end: " << n << " bytes at distance " << distance;
        if (distance != 0) {
          ASSERT_EQ(dst[-1], '\0') << "wrote before the start: " << n << " bytes at " << distance;
        }
      }
    }
  }
}

// Short copies (0 to 64 bytes) are overlapping moves of fixed widths: every length, at every alignment of either
// side, must copy exactly those bytes and touch none around them.
TEST(CopyBytes, ShortCopiesAreExactAtEveryLengthAndAlignment) {
  std::array<char, 160> from{}, to{};
  for (std::size_t i = 0; i < from.size(); ++i) from[i] = static_cast<char>(i * 7 + 1);
  for (std::size_t n = 0; n <= 64; ++n) {
    for (std::size_t src = 0; src < 16; ++src) {
      for (std::size_t dst = 1; dst < 17; ++dst) {
        to.fill('\0');
        prism::detail::copy_short(to.data() + dst, from.data() + src, n);
        ASSERT_TRUE(std::equal(from.begin() + src, from.begin() + src + n, to.begin() + dst)) << n << " bytes";
        ASSERT_EQ(to[dst - 1], '\0') << "wrote before the start: " << n << " bytes";
        ASSERT_TRUE(std::all_of(to.begin() + dst + n, to.end(), [](char c) { return c == '\0'; }))
            << "wrote past the end: " << n << " bytes";
      }
    }
  }
}
