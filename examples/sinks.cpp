// Sinks: the same writer streams into a fixed 64-byte buffer, a FILE*, a file descriptor, a std::ostream,
// your own byte writer, or a counter for a two-pass write; long runs of bytes pass through whole.
#include <prism/prism.hpp>

#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

struct sample {
  unsigned id;
  double x, y, z, w;
};

// Your own sink: anything with bool write(const char*, std::size_t). Return false to stop.
struct line_counter {
  std::size_t lines = 0, bytes = 0;
  bool write(const char* p, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) lines += p[i] == '\n';
    bytes += n;
    return true;
  }
};

int main() {
  std::vector<sample> data;
  for (unsigned i = 0; i < 1000; ++i) data.push_back({i, i * 0.5, i * 0.25, -1.0 * i, 1.0 / (i + 1)});

  // A fixed 64-byte buffer flushed to a callback: no heap allocation, any output size.
  char buffer[64];
  std::size_t flushed = 0, flushes = 0;
  prism::io::fixed_sink fixed(std::span<char>(buffer), [&](std::string_view chunk) {
    flushed += chunk.size();
    ++flushes;
    return true;  // false would stop the write with error_code::sink_failed
  });
  prism::json::write(data, fixed).value();
  std::printf("fixed 64-byte buffer: %zu bytes in %zu flushes\n", flushed, flushes);

  // FILE*, std::ostream and POSIX file descriptors.
  prism::json::write(data[0], stdout).value();
  std::fflush(stdout);
  std::ostringstream os;
  prism::json::write(data[1], os).value();
  std::printf("\nostream: %s\n", os.str().c_str());
  prism::io::fd_sink fd(prism::io::fd_writer{STDOUT_FILENO});
  prism::json::write(data[2], fd).value();
  std::printf("\n");

  // Pretty output into your own sink.
  line_counter lc;
  prism::json::write(data, lc, {.indent = 2}).value();
  std::printf("pretty: %zu bytes, %zu lines\n", lc.bytes, lc.lines);

  // Long runs (here a binary array's 400,000 bytes) go to a container, file or writer whole, not through the
  // sink's buffer: a few write calls instead of one per 16 KiB.
  struct call_counter {
    std::size_t calls = 0, bytes = 0;
    bool write(const char*, std::size_t n) {
      ++calls;
      bytes += n;
      return true;
    }
  } cc;
  std::vector<float> samples(100000, 0.5f);
  prism::bin::write(samples, cc).value();
  std::printf("binary array: %zu bytes in %zu write calls\n", cc.bytes, cc.calls);

  // Two passes: measure exactly, allocate once, write.
  prism::io::counting_sink counter;
  std::size_t size = prism::json::write(data, counter).value();
  std::string out;
  out.reserve(size);
  std::size_t written = prism::json::write(data, out).value();
  std::printf("counted %zu bytes, wrote %zu bytes in one allocation (capacity %zu)\n", size, written, out.capacity());
}
