// Libraries whose archives write to a std::ostream and read from a std::istream (cereal, Boost.Serialization): the
// streams run over a std::string reused across writes and over the bytes read, without copies.
#pragma once

#include <cstddef>
#include <istream>
#include <ostream>
#include <streambuf>
#include <string>

namespace binglue {
namespace {

/// A std::ostream's buffer over a std::string reused across writes.
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

/// write and read through archives constructed as Archive(stream, flags...), used as `ar << v` and `ar >> v`.
template <class OArchive, class IArchive, auto... flags>
struct stream_lib {
  string_out buf;
  template <class T>
  const void* write(const T& v, std::size_t& size) {
    buf.clear();
    std::ostream os(&buf);
    {
      OArchive ar(os, flags...);  // some archives finish writing in their destructor
      ar << v;
    }
    size = buf.data.size();
    return buf.data.data();
  }
  template <class T>
  T read(const std::string& bytes) {
    bytes_in in_buf(bytes);
    std::istream is(&in_buf);
    T v{};
    IArchive ar(is, flags...);
    ar >> v;
    return v;
  }
};

}  // namespace
}  // namespace binglue
