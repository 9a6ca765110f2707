// What the binary benchmark's per-library glue (the *_glue.hpp beside this file) shares. Each library is wrapped in
// a struct with the same two calls: write(model, size) into a buffer the struct owns and reuses, returning the
// bytes; read<T>(bytes) into a fresh T. A library that fails exits the program with a message.
#pragma once

#include <concepts>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <streambuf>
#include <string>
#include <type_traits>

namespace binglue {

[[noreturn]] inline void die(const std::string& message) {
  std::fprintf(stderr, "%s\n", message.c_str());
  std::exit(1);
}

using int32_map = std::map<std::int32_t, std::int32_t>;

template <class E>
concept scalar = std::is_arithmetic_v<E>;

/// A std::ostream's buffer over a std::string reused across writes (cereal and Boost write to streams).
class string_out : public std::streambuf {
 public:
  std::string data;
  void clear() { data.clear(); }

 protected:
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    data.append(s, static_cast<std::size_t>(n));
    return n;
  }
  int_type overflow(int_type ch) override {
    if (ch != traits_type::eof()) data.push_back(static_cast<char>(ch));
    return ch;
  }
};

/// A std::istream's buffer over bytes held elsewhere, without copying them.
class bytes_in : public std::streambuf {
 public:
  explicit bytes_in(const std::string& s) {
    char* p = const_cast<char*>(s.data());
    setg(p, p, p + s.size());
  }
};

}  // namespace binglue
