// libFuzzer target: prism::json::validate, the untyped RFC 8259 validator behind `prism check`, on arbitrary bytes.
// Beyond "no crash, no leak, no undefined behaviour", it checks on every input:
//   - errors: a code, a message, line >= 1, column >= 1, an offset inside the input, a path (fuzz_check.hpp);
//   - max_depth: an accepted document's nesting depth d (counted here independently) is accepted with
//     max_depth = d and rejected with depth_exceeded at d - 1; any larger limit, up to SIZE_MAX ("unlimited"),
//     accepts too; an error other than depth_exceeded does not move when the limit grows;
//   - replace_invalid_utf8 only ever accepts more;
//   - deep in a large array, where a skip hands the walk to 64-byte blocks (on CPUs with AVX2), the input gets the
//     verdict, error code and error offset it gets near the array's start, and is accepted if it is valid alone;
//   - read as a stream, handed over a few bytes at a time (the walk behind `prism check`), the same verdict, code,
//     message and position as in memory;
//   - reformatted from such a stream (`prism fmt`) and from memory, the same verdict (and error); a valid document's
//     compact form is the same however the stream is cut, valid, and comes back unchanged from its pretty form;
//   - with nlohmann::json available (PRISM_FUZZ_NLOHMANN), the same verdict as its parser, an independent one,
//     except where RFC 8259 lets parsers differ (a UTF-8 byte order mark; numbers beyond double's range) and on
//     inputs with a NUL byte, which nlohmann takes for the end of the input.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

#include <prism/json/read.hpp>
#include <prism/json/stream.hpp>

#include "fuzz_check.hpp"

#if PRISM_FUZZ_NLOHMANN
#include <nlohmann/json.hpp>
#endif

namespace {

using prism::error_code;
using prism::json::read_options;
using prism::json::validate;

/// The deepest nesting of a document already known to be valid: brackets outside strings.
std::size_t nesting_depth(std::string_view s) {
  std::size_t depth = 0, deepest = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    char ch = s[i];
    if (in_string) {
      if (ch == '\\') ++i;
      else if (ch == '"') in_string = false;
    } else if (ch == '"') {
      in_string = true;
    } else if (ch == '[' || ch == '{') {
      if (++depth > deepest) deepest = depth;
    } else if (ch == ']' || ch == '}') {
      --depth;
    }
  }
  return deepest;
}

/// Serves the input `step` bytes at a time, so that values are cut at the stream's refills.
struct piecewise_reader {
  std::string_view text;
  std::size_t step;
  std::ptrdiff_t read(char* p, std::size_t n) {
    std::size_t k = std::min({n, step, text.size()});
    std::copy_n(text.data(), k, p);
    text.remove_prefix(k);
    return static_cast<std::ptrdiff_t>(k);
  }
};

#if PRISM_FUZZ_NLOHMANN
/// nlohmann's verdict through its SAX interface, building nothing; `out_of_range` reports a number too large for
/// a double (error 406), which nlohmann rejects and RFC 8259 leaves to the parser.
struct nlohmann_verdict : nlohmann::json_sax<nlohmann::json> {
  bool out_of_range = false;
  std::string what;
  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override { return true; }
  bool key(string_t&) override { return true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& e) override {
    out_of_range = e.id == 406;
    what = e.what();
    return false;
  }
};
#endif

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view in(reinterpret_cast<const char*>(data), size);
  const std::size_t unlimited = std::numeric_limits<std::size_t>::max();
  const std::size_t enough = size + 1;  // no document of `size` bytes nests deeper

  prism::result<void> strict = validate(in);
  if (strict) {
    std::size_t depth = nesting_depth(in);
    PRISM_FUZZ_CHECK(depth <= read_options{}.max_depth);
    PRISM_FUZZ_CHECK(validate(in, {.max_depth = depth}).has_value());
    if (depth > 0) {
      prism::result<void> shallow = validate(in, {.max_depth = depth - 1});
      PRISM_FUZZ_CHECK(!shallow.has_value());
      PRISM_FUZZ_CHECK(shallow.error().code == error_code::depth_exceeded, shallow.error().message());
      prism_fuzz::check_error(shallow.error(), in);
    }
    PRISM_FUZZ_CHECK(validate(in, {.max_depth = enough}).has_value());
    PRISM_FUZZ_CHECK(validate(in, {.max_depth = unlimited}).has_value());
    PRISM_FUZZ_CHECK(validate(in, {.replace_invalid_utf8 = true}).has_value());
  } else {
    const prism::error& e = strict.error();
    prism_fuzz::check_error(e, in);
    prism::result<void> deep = validate(in, {.max_depth = enough});
    if (e.code != error_code::depth_exceeded) {
      PRISM_FUZZ_CHECK(!deep.has_value());
      PRISM_FUZZ_CHECK(deep.error().code == e.code && deep.error().offset == e.offset,
                       e.message() + " | " + deep.error().message());
    } else if (!deep) {
      PRISM_FUZZ_CHECK(deep.error().code != error_code::depth_exceeded, deep.error().message());
    }
    if (!deep) prism_fuzz::check_error(deep.error(), in);
    if (prism::result<void> lenient = validate(in, {.replace_invalid_utf8 = true}); !lenient)
      prism_fuzz::check_error(lenient.error(), in);
  }

  {
    const std::string pad(300, 'x');
    const std::string near = "[\"\"," + std::string(in) + "]", deep = "[\"" + pad + "\"," + std::string(in) + "]";
    prism::result<void> n = validate(near), d = validate(deep);
    PRISM_FUZZ_CHECK(n.has_value() == d.has_value(), n ? d.error().message() : n.error().message());
    if (strict) PRISM_FUZZ_CHECK(d.has_value(), d.error().message());
    if (!n && !d)
      PRISM_FUZZ_CHECK(n.error().code == d.error().code && n.error().offset + pad.size() == d.error().offset,
                       n.error().message() + " | " + d.error().message());
  }

  {
    piecewise_reader pieces{in, 1 + size % 7};
    prism::result<void> streamed = validate(pieces);
    PRISM_FUZZ_CHECK(streamed.has_value() == strict.has_value(),
                     strict ? streamed.error().message() : strict.error().message());
    if (!strict && !streamed)
      PRISM_FUZZ_CHECK(streamed.error().code == strict.error().code &&
                           streamed.error().message() == strict.error().message(),
                       strict.error().message() + " | streamed: " + streamed.error().message());
  }

  {  // reformat (prism fmt): the same verdict; each token once, in place, however the stream is cut
    std::string compact, whole, pretty, again;
    piecewise_reader pieces{in, 1 + size % 5}, all{in, size + 1};
    prism::result<std::size_t> c = prism::json::reformat(pieces, compact);
    PRISM_FUZZ_CHECK(c.has_value() == strict.has_value(), c ? strict.error().message() : c.error().message());
    std::string from_memory;  // text in memory: the same walk over views of it, the same bytes and error
    prism::result<std::size_t> m = prism::json::reformat(in, from_memory);
    PRISM_FUZZ_CHECK(m.has_value() == c.has_value() &&
                         (m ? from_memory == compact
                            : m.error().message() == c.error().message() && m.error().offset == c.error().offset),
                     from_memory + " | " + compact);
    if (strict) {
      PRISM_FUZZ_CHECK(prism::json::reformat(all, whole).has_value() && whole == compact, whole + " | " + compact);
      PRISM_FUZZ_CHECK(validate(compact).has_value(), compact);
      piecewise_reader twice{compact, 3};
      PRISM_FUZZ_CHECK(prism::json::reformat(twice, pretty, {.indent = 2}).has_value() && validate(pretty), pretty);
      piecewise_reader back{pretty, 1 + size % 11};
      PRISM_FUZZ_CHECK(prism::json::reformat(back, again).has_value() && again == compact, again + " | " + compact);
    }
  }

#if PRISM_FUZZ_NLOHMANN
  if (!in.starts_with("\xEF\xBB\xBF") && in.find('\0') == std::string_view::npos) {
    prism::result<void> ours = validate(in, {.max_depth = enough});
    nlohmann_verdict theirs;
    bool accepted = nlohmann::json::sax_parse(in.begin(), in.end(), &theirs);
    if (!theirs.out_of_range)
      PRISM_FUZZ_CHECK(ours.has_value() == accepted,
                       std::string("prism: ") + (ours ? "accepted" : ours.error().message()) +
                           " | nlohmann: " + (accepted ? "accepted" : theirs.what));
  }
#endif
  return 0;
}
