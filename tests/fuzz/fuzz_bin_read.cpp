// libFuzzer target: prism::bin::read of the golden models (every wire type, shared, weak and polymorphic
// pointers), and
// prism::bin::dump, on any bytes.
//
// Input: byte 0 picks the model (0 scalars, 1 containers, 2 pointers, 3 account, 4 drawing, 5 a vector of records of
// small integers, which have a decoder of their own, 6 lengths, 7 wide: its low 6 bits mod 8) and, in its top bits,
// max_depth (512, 2, 8 or 64); the rest is the document.
//
// Beyond "no crash, no leak, no undefined behaviour", it checks:
//   - a failed read: a code, a message, an offset inside the input, a path from "$";
//   - a successful read: dump accepts the same document (the reader validated everything it read or skipped);
//     the value writes, and what it writes reads back and writes again to the same bytes (a fixed point).
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <prism/bin/dump.hpp>

#include "../bin/golden_models.hpp"
#include "fuzz_check.hpp"

namespace fuzz_model {
struct small_integers {  // read by decode_short_varints where its varints are short
  std::int32_t a, b, c, d, e, f, g, h, i, j;
};
}  // namespace fuzz_model

namespace {

void check_error(const prism::error& e, std::size_t size) {
  std::string m = e.message();
  PRISM_FUZZ_CHECK(e.code != prism::error_code::none, m);
  PRISM_FUZZ_CHECK(e.offset <= size, m);
  PRISM_FUZZ_CHECK(!e.path.empty() && e.path[0] == '$', m);
  PRISM_FUZZ_CHECK(!m.empty(), m);
}

template <class T>
void check(std::span<const std::byte> in, const prism::bin::read_options& ro) {
  prism::result<T> first = prism::bin::read<T>(in, ro);
  prism::result<std::string> dumped = prism::bin::dump(in, ro);
  if (!dumped) check_error(dumped.error(), in.size());
  if (!first) return check_error(first.error(), in.size());
  PRISM_FUZZ_CHECK(dumped.has_value(), "read accepted a document dump rejects: " + dumped.error().message());
  auto bytes = prism::bin::to_bytes(*first, {.max_depth = ro.max_depth + 8});
  PRISM_FUZZ_CHECK(bytes.has_value(), bytes.error().message());
  prism::result<T> second = prism::bin::read<T>(std::span<const std::byte>(*bytes), {.max_depth = ro.max_depth + 8});
  PRISM_FUZZ_CHECK(second.has_value(), "reading what was written: " + second.error().message());
  auto again = prism::bin::to_bytes(*second, {.max_depth = ro.max_depth + 8});
  PRISM_FUZZ_CHECK(again.has_value() && *again == *bytes, "the round trip is not a fixed point");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  static constexpr std::size_t depths[] = {512, 2, 8, 64};
  const prism::bin::read_options ro{.max_depth = depths[data[0] >> 6]};
  std::span<const std::byte> in(reinterpret_cast<const std::byte*>(data + 1), size - 1);
  switch ((data[0] & 63) % 8) {
    case 0: check<golden::scalars>(in, ro); break;
    case 1: check<golden::containers>(in, ro); break;
    case 2: check<golden::pointers>(in, ro); break;
    case 3: check<golden::account>(in, ro); break;
    case 4: check<golden::drawing>(in, ro); break;
    case 5: check<std::vector<fuzz_model::small_integers>>(in, ro); break;
    case 6: check<golden::lengths>(in, ro); break;
    default: check<golden::wide>(in, ro); break;
  }
  return 0;
}
