// The binary format's operations for the instruction-count guard (perf.hpp).
#include <span>

#include "perf.hpp"
#include "prism/prism.hpp"

namespace prism_perf {
namespace {

template <class T>
void bin_write(state& s, const T& v) {
  s.out.clear();  // its capacity kept: the runs measure the writer, not the vector's growth
  s.ok &= prism::bin::write(v, s.out).has_value();
}

template <class T>
void bin_read(state& s, T& out) {
  auto r = prism::bin::read<T>(std::span<const std::byte>(s.bytes));
  s.ok &= r.has_value();
  if (r) out = std::move(*r);
}

template <class T>
std::vector<std::byte> bytes_of_model(const T& v) {
  auto r = prism::bin::to_bytes(v);
  if (!r) die("binary write (outside the measured runs): " + r.error().message());
  return std::move(*r);
}

template <class T>
void read_model(const std::vector<std::byte>& bytes, T& out) {
  auto r = prism::bin::read<T>(std::span<const std::byte>(bytes));
  if (!r) die("binary read (outside the measured runs): " + r.error().message());
  out = std::move(*r);
}

}  // namespace

void bin_write_twitter(state& s) { bin_write(s, s.twitter); }
void bin_write_canada(state& s) { bin_write(s, s.canada); }
void bin_read_twitter(state& s) { bin_read(s, s.twitter_out); }
void bin_read_canada(state& s) { bin_read(s, s.canada_out); }

std::vector<std::byte> bytes_of(const twitter::search_response& v) { return bytes_of_model(v); }
std::vector<std::byte> bytes_of(const canada::feature_collection& v) { return bytes_of_model(v); }
std::vector<std::byte> bytes_of(const json_performance::obj_t& v) { return bytes_of_model(v); }

void bin_read_model(const std::vector<std::byte>& bytes, twitter::search_response& out) { read_model(bytes, out); }
void bin_read_model(const std::vector<std::byte>& bytes, canada::feature_collection& out) { read_model(bytes, out); }

}  // namespace prism_perf
