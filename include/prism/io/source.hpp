// prism: sources hand over bytes from somewhere. Like sinks, they know nothing of JSON or of the binary format.
#pragma once

#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <istream>
#include <type_traits>

#include <unistd.h>

namespace prism::io {

/// Anything with `std::ptrdiff_t read(char* buffer, std::size_t capacity)`: fills up to `capacity` bytes and
/// returns how many, 0 at the end of the input, or a negative number when the input failed (a socket, a
/// decompressor). Readers buffer in front of it and ask for large pieces.
template <class R>
concept byte_reader = requires(R& r, char* p, std::size_t n) {
  { r.read(p, n) } -> std::convertible_to<std::ptrdiff_t>;
};

/// A POSIX file descriptor (a file, a pipe, a socket); retries when interrupted by a signal.
struct fd_reader {
  int fd;
  std::ptrdiff_t read(char* p, std::size_t n) const noexcept {
    for (;;) {
      ssize_t got = ::read(fd, p, n);
      if (got >= 0 || errno != EINTR) return got;
    }
  }
};

/// A C stream.
struct file_reader {
  std::FILE* file;
  std::ptrdiff_t read(char* p, std::size_t n) const noexcept {
    std::size_t got = std::fread(p, 1, n, file);
    if (got == 0 && std::ferror(file)) return -1;
    return static_cast<std::ptrdiff_t>(got);
  }
};

/// A std::istream.
struct istream_reader {
  std::istream* in;
  std::ptrdiff_t read(char* p, std::size_t n) const {
    in->read(p, static_cast<std::streamsize>(n));
    if (in->bad()) return -1;
    return static_cast<std::ptrdiff_t>(in->gcount());
  }
};

/// The reader for an input: FILE* and std::istream& are wrapped, byte readers (fd_reader, your own) pass through.
template <class In>
decltype(auto) make_reader(In&& in) {
  using I = std::remove_cvref_t<In>;
  if constexpr (std::is_same_v<I, std::FILE*>) return file_reader{in};
  else if constexpr (std::is_base_of_v<std::istream, I>) return istream_reader{&in};
  else if constexpr (byte_reader<I>) return std::forward<In>(in);
  else static_assert(byte_reader<I>, "prism: not an input: pass a FILE*, a std::istream, prism::io::fd_reader{fd} "
                                     "or a type with std::ptrdiff_t read(char*, std::size_t)");
}

/// Inputs make_reader accepts.
template <class In>
concept readable = std::is_same_v<std::remove_cvref_t<In>, std::FILE*> ||
                   std::is_base_of_v<std::istream, std::remove_cvref_t<In>> || byte_reader<std::remove_cvref_t<In>>;

}  // namespace prism::io
