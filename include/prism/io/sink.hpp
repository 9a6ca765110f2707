// prism: sinks move bytes somewhere. They know nothing of JSON or of the binary format.
#pragma once

#include <algorithm>
#include <array>
#include <concepts>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <cerrno>
#include "../core/detail/copy_bytes.hpp"

#include <unistd.h>

namespace prism::io {

/// Where a writer may put bytes next: [pos, end).
struct window {
  char* pos;
  char* end;
};

/// Every sink lends windows of at least this many bytes, so a writer can put any number, literal or
/// escape sequence down in one piece; longer runs are written in pieces.
inline constexpr std::size_t min_window = 64;

/// The sink protocol. A format writer fills the window the sink lends it, then hands it back:
///   window w = s.start();           // first window
///   w = s.next(w.pos, n);           // bytes before w.pos are done; returns a window with >= n free bytes (n <= min_window)
///   bool ok = s.finish(w.pos);      // bytes before w.pos are done; flush; false if the sink failed
///   std::size_t n = s.written();    // bytes accepted so far, after finish
/// A sink that fails keeps lending a scratch window, so the writer needs no checks on its hot path,
/// and reports the failure from finish(). Sinks never allocate unless they grow a caller's container.
template <class S>
concept sink = requires(S& s, const S& cs, char* p, std::size_t n) {
  { s.start() } -> std::same_as<window>;
  { s.next(p, n) } -> std::same_as<window>;
  { s.finish(p) } -> std::same_as<bool>;
  { cs.written() } -> std::same_as<std::size_t>;
};

/// A sink may also take a run of bytes whole, rather than through its windows:
///   w = s.append(w.pos, data, n);   // bytes before w.pos are done, then data[0, n); returns the next window
/// A container inserts the run (no zeroing of what it grows by), a file or socket writes it with no copy into the
/// buffer. Writers hand it the runs that do not fit the window they hold and are at least S::bulk_bytes long.
template <class S>
concept bulk_sink = sink<S> && requires(S& s, char* p, const char* data, std::size_t n) {
  { s.append(p, data, n) } -> std::same_as<window>;
  { std::integral_constant<std::size_t, S::bulk_bytes>{} };
};

/// A sink may also be told, before the first window, the most bytes the writer will put (when it knows a bound):
///   window w = s.start(most);       // first window; most == 0: no bound known
/// A container then lends its own storage for all of them, rather than a buffer to copy from. A wrong bound costs
/// only speed: the writer still asks for more room when it needs it.
template <class S>
concept bounded_sink = sink<S> && requires(S& s, std::size_t most) {
  { s.start(most) } -> std::same_as<window>;
};

/// Puts data[0, n) at w.pos, through as many windows as it takes (or whole, to a bulk_sink); returns the window after.
template <sink S>
window put_bytes(S& s, window w, const char* data, std::size_t n) {
  if constexpr (bulk_sink<S>) {
    if (n > static_cast<std::size_t>(w.end - w.pos) && n >= S::bulk_bytes) return s.append(w.pos, data, n);
  }
  while (n != 0) {
    if (w.pos == w.end) w = s.next(w.pos, 1);
    std::size_t k = std::min(n, static_cast<std::size_t>(w.end - w.pos));
    prism::detail::copy_bytes(w.pos, data, k);
    w.pos += k;
    data += k;
    n -= k;
  }
  return w;
}

/// The simplest thing to plug in: anything with `bool write(const char* data, std::size_t size)`
/// (a socket, a compressor, a hash). prism buffers in front of it (see buffered_sink); return false
/// to stop the write with error_code::sink_failed.
template <class W>
concept byte_writer = requires(W& w, const char* p, std::size_t n) {
  { w.write(p, n) } -> std::convertible_to<bool>;
};

/// Appends to a std::string or std::vector of a byte-sized type, growing it geometrically. The default.
/// A standard container zero-fills what it is resized by, so the first window is a buffer of the sink's own (1 KiB),
/// appended in one copy: a message that fits costs no zeroing at all, and one allocation at most. A writer that
/// knows its output takes at most `direct_bytes` (start(most)) writes into the container itself: zeroing that many
/// bytes costs less than the copy and its call. After the first window, the window is the container's spare room,
/// grown in steps of a quarter of the output so far (1 KiB at least, as each
/// step is a call through the writer's refill) within the capacity: a reused container costs about the output's size
/// in zeroing (a quarter more at worst; steps of half would zero up to half again for a last step's few bytes), never
/// its whole capacity. Where the capacity runs out, the sink's buffer is lent again and appended, which grows the
/// container geometrically; a container reserved to the size a counting_sink measured is never reallocated.
template <class Container>
class container_sink {
 public:
  explicit container_sink(Container& c) noexcept : c_(c), base_(c.size()), used_(c.size()) {}

  window start() noexcept { return buffer(); }
  static constexpr std::size_t direct_bytes = 512;
  window start(std::size_t most) {
    if (most == 0 || most > direct_bytes) return buffer();
    // no reallocation when a reused container has the room; the size hidden, as for a copy (copy_bytes.hpp)
    c_.resize(used_ + prism::detail::hide_size(std::max(most, min_window)));
    buffered_ = false;
    return {data() + used_, data() + c_.size()};
  }
  window next(char* pos, std::size_t n) {
    commit(pos);
    if (c_.size() - used_ < n) {
      std::size_t step = std::max({n, (used_ - base_) / 4, std::size_t{1024}});
      c_.resize(std::max(c_.size(), std::min(c_.capacity(), used_ + step)));  // within capacity: no reallocation
      if (c_.size() - used_ < n) return buffer();
    }
    buffered_ = false;
    return {data() + used_, data() + c_.size()};
  }
  static constexpr std::size_t bulk_bytes = 0;  // whatever does not fit: one insert costs less than a new window
  window append(char* pos, const char* data, std::size_t n) {
    commit(pos);
    trim();
    if (c_.capacity() - used_ < n) c_.reserve(used_ + std::max(n, used_));  // geometric, as each call may be small
    if (prism::detail::memcpy_is_slow(this->data() + used_, data, n)) {  // insert's memcpy would be: zero, copy
      c_.resize(used_ + n);
      prism::detail::copy_bytes(this->data() + used_, data, n);
    } else {
      auto first = reinterpret_cast<const value_type*>(data);
      c_.insert(c_.end(), first, first + n);
    }
    used_ = c_.size();
    return buffer();
  }
  bool finish(char* pos) {
    commit(pos);
    trim();
    return true;
  }
  std::size_t written() const noexcept { return used_ - base_; }

 private:
  using value_type = typename Container::value_type;
  char* data() noexcept { return reinterpret_cast<char*>(c_.data()); }

  /// Drops the part of a window that was not used (no zeroing; a call only when there is such a part).
  void trim() {
    if (c_.size() != used_) c_.resize(used_);
  }

  window buffer() noexcept {
    buffered_ = true;
    return {buf_.data(), buf_.data() + buf_.size()};
  }

  void commit(char* pos) {
    if (!buffered_) {
      used_ = static_cast<std::size_t>(pos - data());
      return;
    }
    if (pos == buf_.data()) return;  // nothing buffered: whoever grows the container next trims it first
    auto first = reinterpret_cast<const value_type*>(buf_.data());
    trim();
    c_.insert(c_.end(), first, first + (pos - buf_.data()));
    used_ = c_.size();
  }

  Container& c_;
  std::size_t base_;
  std::size_t used_;
  bool buffered_ = true;
  std::array<char, 1024> buf_;
};

/// A caller's fixed buffer (any size from min_window up) and a callback that takes each full buffer:
/// `bool(std::string_view chunk)`. Nothing is allocated; output of any size streams through.
template <class Flush>
class fixed_sink {
 public:
  fixed_sink(std::span<char> buffer, Flush flush) : buf_(buffer), flush_(std::move(flush)) {}

  window start() noexcept { return {buf_.data(), buf_.data() + buf_.size()}; }
  window next(char* pos, std::size_t) {
    emit(pos);
    return start();
  }
  bool finish(char* pos) {
    emit(pos);
    return ok_;
  }
  std::size_t written() const noexcept { return written_; }

  /// Bytes before pos are done; then `bytes` goes to the callback as a chunk of its own, however long. Not append:
  /// a caller of fixed_sink gets chunks no longer than its buffer; buffered_sink's writers take any length.
  window pass_through(char* pos, std::string_view bytes) {
    emit(pos);
    flush(bytes);
    return start();
  }

 private:
  void emit(char* pos) { flush(std::string_view(buf_.data(), static_cast<std::size_t>(pos - buf_.data()))); }
  void flush(std::string_view chunk) {
    if (ok_ && !chunk.empty()) {
      ok_ = static_cast<bool>(flush_(chunk));
      if (ok_) written_ += chunk.size();
    }
  }

  std::span<char> buf_;
  Flush flush_;
  std::size_t written_ = 0;
  bool ok_ = true;
};

/// Buffers N bytes (inside the sink object, so on the caller's stack) in front of a byte_writer: a fixed_sink
/// over its own buffer. Not copyable or movable, as the inner sink points into it.
template <byte_writer W, std::size_t N = 16 * 1024>
class buffered_sink {
  static_assert(N >= min_window, "a sink buffer must hold at least io::min_window bytes");
  struct to_writer {
    std::remove_reference_t<W>* out;
    bool operator()(std::string_view chunk) const { return static_cast<bool>(out->write(chunk.data(), chunk.size())); }
  };

 public:
  explicit buffered_sink(W out) : out_(static_cast<W&&>(out)), sink_(std::span<char>(buf_), to_writer{&out_}) {}
  buffered_sink(const buffered_sink&) = delete;
  buffered_sink& operator=(const buffered_sink&) = delete;

  window start() noexcept { return sink_.start(); }
  window next(char* pos, std::size_t n) { return sink_.next(pos, n); }
  bool finish(char* pos) { return sink_.finish(pos); }
  std::size_t written() const noexcept { return sink_.written(); }
  static constexpr std::size_t bulk_bytes = N;  // shorter runs cost fewer calls to the writer through the buffer
  window append(char* pos, const char* data, std::size_t n) { return sink_.pass_through(pos, {data, n}); }

 private:
  W out_;  // W may be a reference
  std::array<char, N> buf_;
  fixed_sink<to_writer> sink_;
};

/// Writes to a POSIX file descriptor (file, pipe, socket), retrying short writes and EINTR.
struct fd_writer {
  int fd;
  bool write(const char* p, std::size_t n) const noexcept {
    while (n != 0) {
      ssize_t k = ::write(fd, p, n);
      if (k < 0) {
        if (errno == EINTR) continue;
        return false;
      }
      p += k;
      n -= static_cast<std::size_t>(k);
    }
    return true;
  }
};

/// Writes to a C FILE*.
struct file_writer {
  std::FILE* file;
  bool write(const char* p, std::size_t n) const noexcept { return std::fwrite(p, 1, n, file) == n; }
};

/// Writes to a std::ostream.
struct ostream_writer {
  std::ostream* os;
  bool write(const char* p, std::size_t n) const {
    os->write(p, static_cast<std::streamsize>(n));
    return os->good();
  }
};

using fd_sink = buffered_sink<fd_writer>;
using file_sink = buffered_sink<file_writer>;
using ostream_sink = buffered_sink<ostream_writer>;

/// Counts bytes and keeps none: the first pass of a two-pass write (measure, allocate once, write).
class counting_sink {
 public:
  window start() noexcept { return {scratch_.data(), scratch_.data() + scratch_.size()}; }
  window next(char* pos, std::size_t) noexcept {
    count(pos);
    return start();
  }
  bool finish(char* pos) noexcept {
    count(pos);
    return true;
  }
  std::size_t written() const noexcept { return n_; }
  static constexpr std::size_t bulk_bytes = 0;
  window append(char* pos, const char*, std::size_t n) noexcept {
    count(pos);
    n_ += n;
    return start();
  }

 private:
  void count(char* pos) noexcept { n_ += static_cast<std::size_t>(pos - scratch_.data()); }
  std::size_t n_ = 0;
  std::array<char, 512> scratch_;
};

namespace detail {
template <class T>
inline constexpr bool is_byte_container =
    (std::is_same_v<T, std::string> || std::is_same_v<T, std::vector<char>> ||
     std::is_same_v<T, std::vector<unsigned char>> || std::is_same_v<T, std::vector<std::byte>>);
}  // namespace detail

/// Turns whatever the caller passed as output into a sink, once per call:
/// a sink as is; std::string / std::vector<char|unsigned char|std::byte> (appended to); FILE*;
/// std::ostream; any byte_writer (buffered).
template <class Out>
decltype(auto) make_sink(Out& out) {
  if constexpr (sink<Out>) return (out);
  else if constexpr (detail::is_byte_container<Out>) return container_sink<Out>(out);
  else if constexpr (std::is_same_v<Out, std::FILE*>) return file_sink(file_writer{out});
  else if constexpr (std::is_base_of_v<std::ostream, Out>) return ostream_sink(ostream_writer{&out});
  else if constexpr (byte_writer<Out>) return buffered_sink<Out&>(out);
  else static_assert(sink<Out>, "prism: this output is not a sink. Pass a std::string, std::vector<char>, FILE*, "
                                "std::ostream, a prism::io sink, or a type with bool write(const char*, std::size_t).");
}

}  // namespace prism::io
