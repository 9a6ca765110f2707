// libFuzzer target: prism::json::read<T> for a model with every kind, under every read option.
//
// Input: byte 0 picks the read options, byte 1 the write options of the round trip, the rest is the document, read
// as a model::everything, as a std::vector<model::everything> when it starts with '[', as each arithmetic type when
// it starts with a number.
//   byte 0: bit 0 reject_unknown_fields, 1 require_all_fields, 2 numbers_as_strings, 3 replace_invalid_utf8,
//           4 enums_as_numbers, 5 a string_pool (read_options::strings), bits 6-7 max_depth 512, 3, 8 or 32
//   byte 1: bit 0 indent 2, 1 skip_null_fields, 2 escape_non_ascii, 3 every read and write through model::fuzz_view
// A space (0x20) in both is the plain case with a pool: corpus files start with two spaces.
//
// Beyond "no crash, no leak, no undefined behaviour", it checks:
//   - a failed read: a code, a message, line >= 1, column >= 1, an offset inside the input, a path;
//   - a successful read: validate accepts the same document under the same options; the value writes (with the
//     write options of byte 1, enums as the read took them); that text reads back under the same read options
//     and writes again to the same text (the round trip is a fixed point after one pass). Compact and pretty
//     output read back to the same value;
//   - a top-level array read over a vector whose elements hold other values gives what a fresh read gives;
//   - a top-level number reads as the correctly rounded float and double (glibc's strtof and strtod) and as the
//     integers std::from_chars reads, or fails with out_of_range exactly when the target cannot hold it.
#include <array>
#include <bit>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <forward_list>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <system_error>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include <prism/prism.hpp>

#include "fuzz_check.hpp"

namespace model {

enum class color : std::uint8_t { red, green, blue };
enum class level : std::int8_t { low = -1, mid = 0, high = 5 };
enum shade { light, dark };  // unscoped, no fixed underlying type: values beyond 0..1 are not shades

struct point {
  double x = 0;
  double y = 0;
};

/// A recursive tree: children by value, a chain through unique_ptr.
struct node {
  std::int32_t value = 0;
  std::vector<node> children;
  std::unique_ptr<node> next;
  std::optional<std::string> label;
};

/// A described record: a C array of text, a required field, a property with a setter, a computed field.
struct tagged {
  char code[8] = {};
  int id = 0;
  std::string name;
  int score() const { return score_; }
  void set_score(int s) { score_ = s; }

 private:
  int score_ = 0;
};
constexpr auto prism_describe(prism::type_t<tagged>) {
  return prism::fields(prism::field("code", &tagged::code), prism::field("id", &tagged::id).required(),
                       prism::field("name", &tagged::name), prism::field("score", &tagged::score, &tagged::set_score),
                       prism::computed<tagged>("name_size", [](const tagged& t) { return t.name.size(); }));
}

/// A surrogate that travels as a double and refuses temperatures below absolute zero.
struct celsius {
  double degrees = 0;
};
constexpr auto prism_describe(prism::type_t<celsius>) {
  return prism::as<double>([](const celsius& c) { return c.degrees; },
                           [](double&& d) -> prism::result<celsius> {
                             if (d >= -273.15) return celsius{d};
                             return prism::error{.code = prism::error_code::out_of_range, .detail = "below 0 K"};
                           });
}

struct inner {
  struct deeper {
    std::optional<int> z;
    std::vector<std::string> words;
  } d;
  std::string s;
};

using choice = std::variant<std::monostate, int, std::string, double, point, color, std::vector<int>, celsius>;

struct everything {
  bool flag = false;
  std::int8_t i8 = 0;
  std::uint8_t u8 = 0;
  std::int16_t i16 = 0;
  std::uint16_t u16 = 0;
  std::int32_t i32 = 0;
  std::uint32_t u32 = 0;
  std::int64_t i64 = 0;
  std::uint64_t u64 = 0;
  float f32 = 0;
  double f64 = 0;
  char ch = 'x';
  std::string text;
  std::string_view view;
  const char* cstr = nullptr;
  prism::short_string<6> shorty;
  std::vector<std::byte> blob;
  std::array<std::byte, 4> quad{};
  color hue = color::red;
  level lvl = level::mid;
  shade sh = light;
  std::chrono::system_clock::time_point when{};
  std::chrono::sys_seconds when_s{};
  std::chrono::sys_time<std::chrono::milliseconds> when_ms{};
  std::chrono::milliseconds timeout{};
  std::chrono::duration<double> elapsed{};
  std::chrono::duration<std::int8_t, std::ratio<60>> minutes{};
  std::optional<int> maybe;
  std::optional<point> maybe_point;
  std::unique_ptr<node> tree;
  std::shared_ptr<std::string> shared;
  std::vector<point> points;
  std::vector<std::vector<int>> matrix;
  std::vector<bool> bits;
  std::deque<double> queue;
  std::forward_list<std::int16_t> chain;
  std::set<std::string> names;
  std::array<int, 3> triple{};
  std::array<double, 2> coordinates{};  // short arrays of numbers have a reader of their own
  std::vector<std::array<float, 3>> vertices;
  std::map<std::string, node> nodes;
  std::map<int, std::string> by_id;
  std::map<std::uint64_t, bool> by_u64;
  std::map<color, int> by_color;
  std::map<std::string_view, int> by_view;
  std::multimap<std::string, int> multi;
  choice pick;
  std::vector<choice> picks;
  std::tuple<int, std::string, bool> tup;
  std::pair<double, color> pr;
  tagged described;
  celsius temp;
  std::optional<celsius> maybe_temp;
  inner in;
};

/// A view with one change of every sort, chosen by byte 1 bit 3: every read and write of the run goes through it.
struct fuzz_view : prism::view {
  static constexpr auto naming = prism::camel_case;
  static constexpr auto omit = prism::when_null;
};
constexpr auto prism_view(prism::type_t<everything>, fuzz_view) {
  return prism::changes(prism::rename("i8", "tiny"), prism::omit("u8"), prism::represent("hue", prism::enum_number),
                        prism::represent("when_ms", prism::epoch_milliseconds),
                        prism::omit("text", prism::when([](const everything& e) { return e.flag; })),
                        prism::omit("names", prism::when_empty), prism::omit("i32", prism::when_default),
                        // a computed field may not depend on a field omitted by a rule, or the round trip would lose it
                        prism::computed<everything>("nameCount", [](const everything& e) { return e.names.size(); }));
}
constexpr auto prism_view(prism::type_t<node>, fuzz_view) { return prism::use_default; }
constexpr auto prism_view(prism::type_t<level>, fuzz_view) { return prism::enum_number; }
using any_view = prism::one_of<prism::default_view, fuzz_view>;

}  // namespace model

namespace {

using prism::json::read_options;
using prism::json::write_options;

read_options read_options_from(std::uint8_t b, prism::string_pool* pool) {
  static constexpr std::size_t depths[] = {512, 3, 8, 32};
  return {.max_depth = depths[b >> 6],
          .reject_unknown_fields = (b & 1) != 0,
          .require_all_fields = (b & 2) != 0,
          .numbers_as_strings = (b & 4) != 0,
          .replace_invalid_utf8 = (b & 8) != 0,
          .enums_as_numbers = (b & 16) != 0,
          .strings = (b & 32) != 0 ? pool : nullptr};
}

write_options write_options_from(std::uint8_t b, const read_options& ro) {
  // Record fields the document leaves out are written with their defaults, which nest a few levels of their
  // own; the written text may thus be deeper than what was read, never by more than the model's static depth.
  return {.indent = (b & 1) != 0 ? 2 : 0,
          .escape_non_ascii = (b & 4) != 0,
          .enums_as_numbers = ro.enums_as_numbers,
          .skip_null_fields = (b & 2) != 0,
          .max_depth = ro.max_depth + 16};
}

template <class T>
std::string write_or_die(const T& v, const model::any_view& view, const write_options& wo, std::string_view context) {
  prism::result<std::string> s = prism::json::to_string(v, view, wo);
  PRISM_FUZZ_CHECK(s.has_value(), std::string(context) + ": " + s.error().message());
  return std::move(*s);
}

/// The checks on a successful read of `in` into `first`; returns the text `first` writes.
template <class T>
std::string check_round_trip(const T& first, std::string_view in, const model::any_view& view, const read_options& ro,
                             const write_options& wo) {
  prism::result<void> valid = prism::json::validate(in, ro);
  PRISM_FUZZ_CHECK(valid.has_value(), "read accepted a document validate rejects: " + valid.error().message());

  // The text written reads back under the same options but with a pool of its own, as string_view fields
  // cannot view escaped text without one, and a little more depth (see write_options_from).
  std::string text = write_or_die(first, view, wo, "writing what was read");
  prism::string_pool pool;
  read_options ro2 = ro;
  ro2.strings = &pool;
  ro2.max_depth = wo.max_depth;
  prism::result<T> second = prism::json::read<T>(text, view, ro2);
  PRISM_FUZZ_CHECK(second.has_value(), "reading what was written: " + second.error().message() + "\ntext: " + text);
  const std::string again = write_or_die(*second, view, wo, "writing what was read back");
  PRISM_FUZZ_CHECK(again == text, "the round trip is not a fixed point, " + prism_fuzz::first_difference(text, again));

  // Compact and pretty text of one value read back to the same value.
  write_options other = wo;
  other.indent = wo.indent == 0 ? 2 : 0;
  const std::string other_text = write_or_die(*second, view, other, "writing the other layout");
  prism::result<T> third = prism::json::read<T>(other_text, view, ro2);
  PRISM_FUZZ_CHECK(third.has_value(), "reading the other layout: " + third.error().message() + "\ntext: " + other_text);
  const std::string third_text = write_or_die(*third, view, wo, "writing the other layout back");
  PRISM_FUZZ_CHECK(third_text == text, "compact and pretty text read back differently, " +
                                           prism_fuzz::first_difference(text, third_text));
  return text;
}

/// A number read as F must be the correctly rounded value of its text, as glibc's strtod and strtof give it, or
/// fail with out_of_range when that value is infinite.
template <class F>
void check_floating(std::string_view in, const std::string& text, const read_options& ro) {
  prism::result<F> r = prism::json::read<F>(in, ro);
  F expected = std::is_same_v<F, float> ? std::strtof(text.c_str(), nullptr) : std::strtod(text.c_str(), nullptr);
  using bits = std::conditional_t<std::is_same_v<F, float>, std::uint32_t, std::uint64_t>;
  if (r) {
    auto shortest = [](F v) {
      char buf[64];
      return std::string(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
    };
    PRISM_FUZZ_CHECK(std::isfinite(expected) && std::bit_cast<bits>(*r) == std::bit_cast<bits>(expected),
                     text + " read as " + shortest(*r) + ", correctly rounded " + shortest(expected));
  } else {
    prism_fuzz::check_error(r.error(), in);
    PRISM_FUZZ_CHECK(r.error().code == prism::error_code::out_of_range && std::isinf(expected),
                     text + ": " + r.error().message());
  }
}

/// A number read as I must be what std::from_chars reads, fail with out_of_range when I cannot hold it, and fail
/// with type_mismatch when it has a fraction or exponent. Unsigned targets take -0 and no other negative number.
template <class I>
void check_integer(std::string_view in, const std::string& text, const read_options& ro) {
  prism::result<I> r = prism::json::read<I>(in, ro);
  if (!r) prism_fuzz::check_error(r.error(), in);
  if (text.find_first_of(".eE") != std::string::npos) {
    PRISM_FUZZ_CHECK(!r && r.error().code == prism::error_code::type_mismatch, text);
    return;
  }
  I expected{};
  std::errc ec{};
  if (std::is_unsigned_v<I> && text[0] == '-') {
    if (text != "-0") ec = std::errc::result_out_of_range;
  } else {
    auto [end, e] = std::from_chars(text.data(), text.data() + text.size(), expected);
    PRISM_FUZZ_CHECK(e != std::errc::invalid_argument && end == text.data() + text.size(), text);
    ec = e;
  }
  if (ec == std::errc{})
    PRISM_FUZZ_CHECK(r && *r == expected, text + (r ? " read as " + std::to_string(*r) : ": " + r.error().message()));
  else
    PRISM_FUZZ_CHECK(!r && r.error().code == prism::error_code::out_of_range, text);
}

/// A number at the top: read as every arithmetic type and checked against the standard library's conversions.
void check_number(std::string_view in, const read_options& ro) {
  if (!prism::json::validate(in, ro)) {
    prism::result<double> r = prism::json::read<double>(in, ro);
    PRISM_FUZZ_CHECK(!r, "read accepted a number validate rejects");
    return prism_fuzz::check_error(r.error(), in);
  }
  std::size_t first = in.find_first_not_of(" \t\r\n"), last = in.find_last_not_of(" \t\r\n");
  const std::string text(in.substr(first, last + 1 - first));
  check_floating<double>(in, text, ro);
  check_floating<float>(in, text, ro);
  check_integer<std::int64_t>(in, text, ro);
  check_integer<std::uint64_t>(in, text, ro);
  check_integer<std::int32_t>(in, text, ro);
  check_integer<std::uint16_t>(in, text, ro);
  check_integer<std::int8_t>(in, text, ro);
}

/// A document that sets every field, for elements that a read goes over.
constexpr std::string_view rich_element = R"({"flag":true,"i8":-5,"u8":200,"i16":-300,"u16":60000,"i32":-70000,
"u32":4000000000,"i64":-5000000000,"u64":10000000000000000000,"f32":1.5,"f64":-0.1,"ch":"q","text":"hello",
"view":"view","cstr":"c string","shorty":"six ch","blob":"AAECAwQ=","quad":"3q2+7w==","hue":"green","lvl":"low",
"sh":"dark","when":"2026-11-22T16:05:07.25Z","when_s":"2026-11-22T16:05:07Z","when_ms":"2026-11-22T16:05:07.125Z",
"timeout":1500,"elapsed":0.5,"minutes":-3,"maybe":7,"maybe_point":{"x":1,"y":2},"tree":{"value":1,
"children":[{"value":2,"label":"c"}],"next":{"value":3,"label":"n"},"label":"root"},"shared":"s","points":[{"x":0.5,
"y":-0.5},{"x":2,"y":3}],"matrix":[[1,2],[],[3]],"bits":[true,false,true],"queue":[1.5,2.5],"chain":[1,2,3],
"names":["b","a"],"triple":[1,2,3],"coordinates":[-65.61,43.42],"vertices":[[0.1,2e3,-0.5]],
"nodes":{"a":{"value":2,"children":[{"value":4}]}},"by_id":{"-1":"minus one",
"7":"seven"},"by_u64":{"1":true},"by_color":{"red":1,"blue":3},"by_view":{"k":1},"multi":{"a":1,"a":2},
"pick":{"point":{"x":1,"y":2}},"picks":[null,{"int32":5},{"point":{"x":3,"y":4}}],"tup":[1,"two",true],"pr":[2.5,
"blue"],"described":{"code":"ABCDEFGH","id":5,"name":"n","score":9},"temp":21.5,"maybe_temp":-4,"in":{"d":{"z":1,
"words":["w","v"]},"s":"s"}})";

/// An array at the top: a vector of the model, read fresh and read again over a vector whose elements already
/// hold other values. Each element must come out as a fresh one would, whatever the element it was read over.
void check_array(std::string_view in, const model::any_view& view, const read_options& ro, const write_options& wo) {
  prism::result<std::vector<model::everything>> fresh = prism::json::read<std::vector<model::everything>>(in, view, ro);
  if (!fresh) return prism_fuzz::check_error(fresh.error(), in);
  const std::string text = check_round_trip(*fresh, in, view, ro, wo);

  prism::string_pool rich_pool;
  const std::string rich = "[" + std::string(rich_element) + "," + std::string(rich_element) + "," +
                           std::string(rich_element) + "]";
  prism::result<std::vector<model::everything>> old =
      prism::json::read<std::vector<model::everything>>(rich, {.strings = &rich_pool});
  PRISM_FUZZ_CHECK(old.has_value(), old.error().message());
  prism::result<void> over = prism::json::read_into(in, *old, view, ro);
  PRISM_FUZZ_CHECK(over.has_value(), "reading over old elements failed where a fresh read succeeds: " +
                                         over.error().message());
  const std::string over_text = write_or_die(*old, view, wo, "writing what was read over old elements");
  PRISM_FUZZ_CHECK(over_text == text,
                   "read fresh vs read over old elements, " + prism_fuzz::first_difference(text, over_text));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  prism::string_pool pool;
  const read_options ro = read_options_from(data[0], &pool);
  const write_options wo = write_options_from(data[1], ro);
  const std::string_view in(reinterpret_cast<const char*>(data + 2), size - 2);
  const model::any_view view = (data[1] & 8) != 0 ? model::any_view(model::fuzz_view{}) : model::any_view();

  if (std::size_t start = in.find_first_not_of(" \t\r\n"); start != std::string_view::npos) {
    if (in[start] == '[') {
      check_array(in, view, ro, wo);
      return 0;
    }
    if (in[start] == '-' || (in[start] >= '0' && in[start] <= '9')) {
      check_number(in, ro);
      return 0;
    }
  }
  prism::result<model::everything> first = prism::json::read<model::everything>(in, view, ro);
  if (!first) {
    prism_fuzz::check_error(first.error(), in);
    return 0;
  }
  check_round_trip(*first, in, view, ro, wo);
  return 0;
}
