// libFuzzer target: prism::json::value, read from JSON and from the binary format.
//
// Input: byte 0 picks the options, the rest is the document.
//   byte 0: bit 0 replace_invalid_utf8, 1 reject_duplicate_keys, 2 an arena (read_options::arena), 3 indent 2 on
//           writing, bits 6-7 max_depth 512, 3, 8 or 32
// A space (0x20) is the plain case: corpus files start with one.
//
// Beyond "no crash, no leak, no undefined behaviour", it checks:
//   - JSON: read<value> succeeds exactly when validate does (but for repeated keys under reject_duplicate_keys), and
//     fails at validate's offset; a value read writes, reads back equal, and writes again to the same text, every
//     number as written; json::from(value) is the value; the binary format carries it back equal;
//   - binary: a value read from any bytes writes as JSON (NaN as null, bad UTF-8 as U+FFFD), and that text reads
//     back into a value that writes to the same text;
//   - to<T>: a value read converts to a typed model (and a vector of it) as reading its text does: the same value,
//     or the same error code, words and path.
#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <variant>
#include <vector>

#include <prism/bin/read.hpp>
#include <prism/bin/write.hpp>
#include <prism/prism.hpp>

#include "fuzz_check.hpp"

namespace {

using prism::json::value;

// A typed model of most kinds, for to<T> against read<T>.
enum class level { low, high };
struct part {
  std::string name;
  std::optional<double> weight;
  std::vector<int> ids;
};
struct model {
  std::int32_t id = 0;
  std::string title;
  double score = 0;
  bool flag = false;
  level lvl = level::low;
  std::vector<part> parts;
  std::map<std::string, std::uint8_t> counts;
  std::variant<std::monostate, int, std::string> either;
  std::optional<std::array<float, 2>> point;
  std::tuple<std::int64_t, std::string> pair;
  std::vector<std::byte> blob;
  value extra;
};

template <class T>
void to_as_read(const value& v, const std::string& text, const prism::json::read_options& ro) {
  auto a = prism::json::to<T>(v, ro);
  auto b = prism::json::read<T>(std::string_view(text), ro);
  PRISM_FUZZ_CHECK(a.has_value() == b.has_value(),
                   text + " | to: " + (a ? "ok" : a.error().message()) + " | read: " + (b ? "ok" : b.error().message()));
  if (a) {
    PRISM_FUZZ_CHECK(prism::json::to_string(*a).value() == prism::json::to_string(*b).value(), text);
  } else {
    PRISM_FUZZ_CHECK(a.error().code == b.error().code && a.error().detail == b.error().detail &&
                         a.error().path == b.error().path,
                     a.error().message() + " | " + b.error().message());
  }
}

void from_json(std::string_view doc, unsigned char o) {
  prism::json::arena arena;
  const std::size_t depths[] = {512, 3, 8, 32};
  const prism::json::read_options ro{.max_depth = depths[o >> 6],
                                     .replace_invalid_utf8 = (o & 1) != 0,
                                     .reject_duplicate_keys = (o & 2) != 0,
                                     .arena = (o & 4) ? &arena : nullptr};
  const prism::json::write_options wo{.indent = (o & 8) ? 2 : 0, .max_depth = ro.max_depth};
  auto v = prism::json::read<value>(doc, ro);
  auto valid = prism::json::validate(doc, ro);
  if (!v) {
    prism_fuzz::check_error(v.error(), doc);
    if (v.error().code == prism::error_code::duplicate_key) return;
    PRISM_FUZZ_CHECK(!valid, "read<value> refused what validate accepts: " + v.error().message());
    PRISM_FUZZ_CHECK(v.error().offset == valid.error().offset, v.error().message() + " | " + valid.error().message());
    return;
  }
  PRISM_FUZZ_CHECK(valid, "read<value> accepted what validate refuses: " + valid.error().message());
  auto text = prism::json::to_string(*v, wo);
  PRISM_FUZZ_CHECK(text, text.error().message());
  auto back = prism::json::read<value>(std::string_view(*text), ro);
  PRISM_FUZZ_CHECK(back, back.error().message() + "\n" + *text);
  PRISM_FUZZ_CHECK(*back == *v, *text);
  auto again = prism::json::to_string(*back, wo);
  PRISM_FUZZ_CHECK(again && *again == *text, prism_fuzz::first_difference(*text, again ? *again : ""));
  const std::string compact = wo.indent == 0 ? *text : prism::json::to_string(*v).value();
  to_as_read<model>(*v, compact, ro);
  to_as_read<std::vector<model>>(*v, compact, ro);
  auto made = prism::json::from(*v, wo);
  PRISM_FUZZ_CHECK(made && *made == *v, made ? *text : made.error().message());
  // in the binary format an array or object nests twice (its choice, then its seq or map), a scalar once
  const std::size_t bin_depth = 2 * ro.max_depth + 1;
  auto bytes = prism::bin::to_bytes(*v, {.max_depth = bin_depth});
  PRISM_FUZZ_CHECK(bytes, bytes.error().message());
  auto from_bin = prism::bin::read<value>(*bytes, {.max_depth = bin_depth});
  PRISM_FUZZ_CHECK(from_bin && *from_bin == *v, from_bin ? *text : from_bin.error().message());
}

void from_binary(std::string_view doc) {
  std::vector<std::byte> bytes(doc.size());
  for (std::size_t i = 0; i < doc.size(); ++i) bytes[i] = static_cast<std::byte>(doc[i]);
  auto v = prism::bin::read<value>(bytes);
  if (!v) {
    PRISM_FUZZ_CHECK(v.error().code != prism::error_code::none && v.error().offset <= doc.size(), v.error().message());
    return;
  }
  const prism::json::write_options wo{.nonfinite_as_null = true, .replace_invalid_utf8 = true, .max_depth = 600};
  auto text = prism::json::to_string(*v, wo);
  PRISM_FUZZ_CHECK(text, text.error().message());
  auto back = prism::json::read<value>(std::string_view(*text), {.max_depth = 600});
  PRISM_FUZZ_CHECK(back, back.error().message());
  auto again = prism::json::to_string(*back, wo);
  PRISM_FUZZ_CHECK(again && *again == *text, prism_fuzz::first_difference(*text, again ? *again : ""));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view doc(reinterpret_cast<const char*>(data) + 1, size - 1);
  from_json(doc, data[0]);
  from_binary(doc);
  return 0;
}
