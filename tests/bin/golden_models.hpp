// Models whose binary documents are checked into tests/golden/bin: every wire type, written by prism on x86-64 and
// read back, and re-written byte for byte, on every machine the tests run on (a 32-bit big-endian MIPS under
// qemu-user among them). Changing what make_*() returns changes the golden files: that is a format change.
#pragma once

#include <prism/bin/read.hpp>
#include <prism/bin/write.hpp>
#include <prism/prism.hpp>

#include <array>
#include <chrono>
#include <cstdint>
#include <deque>
#include <limits>
#include <list>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <variant>
#include <vector>

namespace golden {

enum class color : std::uint8_t { red, green, blue };
enum class delta : std::int16_t { down = -1, none = 0, up = 1 };

struct scalars {
  bool yes = false;
  bool no = true;
  char letter = 0;
  std::int8_t i8 = 0;
  std::uint8_t u8 = 0;
  std::int16_t i16 = 0;
  std::uint16_t u16 = 0;
  std::int32_t i32 = 0;
  std::uint32_t u32 = 0;
  std::int64_t i64 = 0;
  std::uint64_t u64 = 0;
  std::int64_t small_negative = 0;
  float f = 0;
  double d = 0;
  double negative_zero = 0;
  double infinity = 0;
  color c = color::red;
  delta dl = delta::none;
  std::chrono::milliseconds timeout{};
  std::chrono::duration<double> seconds{};
  std::chrono::sys_time<std::chrono::microseconds> when{};
};

inline scalars make_scalars() {
  scalars s;
  s.yes = true;
  s.no = false;
  s.letter = static_cast<char>(0xE9);  // a byte above 127: char's signedness differs between machines
  s.i8 = std::numeric_limits<std::int8_t>::min();
  s.u8 = std::numeric_limits<std::uint8_t>::max();
  s.i16 = -12345;
  s.u16 = 54321;
  s.i32 = std::numeric_limits<std::int32_t>::min();
  s.u32 = std::numeric_limits<std::uint32_t>::max();
  s.i64 = std::numeric_limits<std::int64_t>::min();
  s.u64 = std::numeric_limits<std::uint64_t>::max();
  s.small_negative = -2;
  s.f = 3.14159274f;
  s.d = -1.0 / 3.0;
  s.negative_zero = -0.0;
  s.infinity = std::numeric_limits<double>::infinity();
  s.c = color::blue;
  s.dl = delta::down;
  s.timeout = std::chrono::milliseconds(1500);
  s.seconds = std::chrono::duration<double>(0.25);
  s.when = std::chrono::sys_time<std::chrono::microseconds>(std::chrono::microseconds(1'763'800'000'123'456));
  return s;
}

struct point {
  double x = 0;
  double y = 0;
};

struct containers {
  std::string text;
  std::vector<std::byte> blob;
  std::array<std::byte, 3> tag{};
  std::vector<std::int32_t> numbers;
  std::vector<float> floats;
  std::vector<double> doubles;
  std::vector<bool> bits;
  std::deque<std::string> words;
  std::list<point> points;
  std::set<std::int64_t> ids;
  std::array<std::uint16_t, 4> quad{};
  std::map<std::string, std::int32_t> counts;
  std::map<std::int32_t, std::vector<std::string>> groups;
  std::vector<std::vector<std::int8_t>> matrix;
  std::vector<std::string> empty;
  std::vector<std::int32_t> large;    // mostly large values: fixed-width elements
  std::vector<std::uint64_t> hashes;
};

inline containers make_containers() {
  containers c;
  c.text = "prism: one model, many shapes \xE2\x9C\x93";
  c.blob = {std::byte{0}, std::byte{1}, std::byte{0xFE}, std::byte{0xFF}};
  c.tag = {std::byte{'a'}, std::byte{'b'}, std::byte{'c'}};
  c.numbers = {0, 1, -1, 63, -64, 64, 1 << 20, std::numeric_limits<std::int32_t>::max()};
  c.floats = {0.5f, -1.25f, 1e-10f, 3.4e38f};
  c.doubles = {0.1, -2.5e300, 5e-324};
  c.bits = {true, false, true, true};
  c.words = {"alpha", "", "gamma"};
  c.points = {{1, 2}, {-3.5, 4.25}};
  c.ids = {-5, 0, 1'000'000'000'000};
  c.quad = {1, 2, 65535, 0};
  c.counts = {{"a", 1}, {"b", -2}};
  c.groups = {{-1, {"x"}}, {7, {"y", "z"}}};
  c.matrix = {{1, -2}, {}, {127, -128}};
  c.large = {-2000000000, 0x01020304, std::numeric_limits<std::int32_t>::min(), 5};
  c.hashes = {0xCBF29CE484222325u, 0x84222325CBF29CE4u, 0x100000001B3u};
  return c;
}

struct node {
  std::int32_t value = 0;
  std::vector<std::shared_ptr<node>> children;
  std::weak_ptr<node> parent;
};

struct pointers {
  std::optional<std::int32_t> present;
  std::optional<std::int32_t> absent;
  std::unique_ptr<point> owned;
  std::unique_ptr<point> none;
  std::shared_ptr<std::string> shared_a;
  std::shared_ptr<std::string> shared_b;  // the same string as shared_a
  std::vector<std::optional<std::string>> maybe_words;
  std::shared_ptr<node> tree;             // children point back to their parent through weak_ptr
  std::variant<std::monostate, std::int32_t, std::string, point> pick;
  std::variant<std::monostate, std::int32_t, std::string, point> nothing;
  std::tuple<std::int32_t, std::string, bool> triple;
  std::pair<color, double> pair;
};

inline pointers make_pointers() {
  pointers p;
  p.present = 42;
  p.owned = std::make_unique<point>(point{7, 8});
  p.shared_a = std::make_shared<std::string>("shared");
  p.shared_b = p.shared_a;
  p.maybe_words = {"one", std::nullopt, "three"};
  p.tree = std::make_shared<node>();
  p.tree->value = 1;
  for (int i = 2; i <= 3; ++i) {
    auto child = std::make_shared<node>();
    child->value = i;
    child->parent = p.tree;
    p.tree->children.push_back(child);
  }
  p.tree->children.push_back(p.tree->children[0]);  // shared twice
  p.pick = point{0.5, -0.5};
  p.triple = {-9, "nine", true};
  p.pair = {color::green, 2.5};
  return p;
}

/// A described class: private state, getters and setters, explicit ids and a removed field's placeholder.
class account {
 public:
  const std::string& owner() const { return owner_; }
  void set_owner(std::string o) { owner_ = std::move(o); }
  std::int64_t cents() const { return cents_; }
  void set_cents(std::int64_t c) { cents_ = c; }
  std::vector<std::string> tags;

 private:
  std::string owner_;
  std::int64_t cents_ = 0;
  friend constexpr auto prism_describe(prism::type_t<account>) {
    return prism::fields(prism::field("owner", &account::owner, &account::set_owner), prism::removed(),
                         prism::field("cents", &account::cents, &account::set_cents),
                         prism::field("tags", &account::tags).id(20),
                         prism::computed<account>("euros", [](const account& a) { return a.cents_ / 100; }));
  }
};

inline account make_account() {
  account a;
  a.set_owner("Ada");
  a.set_cents(-123456789);
  a.tags = {"vip"};
  return a;
}

/// A polymorphic hierarchy: pointers to the base hold derived objects, registered under stable names.
struct shape {
  virtual ~shape() = default;
  virtual double area() const { return 0; }
  std::string label;
};
struct circle : shape {
  double r = 0;
  double area() const override { return 3 * r * r; }
};
struct square : shape {
  double side = 0;
  double area() const override { return side * side; }
};
constexpr auto prism_describe(prism::type_t<shape>) { return prism::fields(prism::field("label", &shape::label)); }
constexpr auto prism_describe(prism::type_t<circle>) {
  return prism::fields(prism::field("label", &circle::label), prism::field("r", &circle::r));
}
constexpr auto prism_describe(prism::type_t<square>) {
  return prism::fields(prism::field("label", &square::label), prism::field("side", &square::side));
}
constexpr auto prism_subtypes(prism::type_t<shape>) {
  return prism::subtypes(prism::subtype<circle>("circle"), prism::subtype<square>("square"));
}

struct drawing {
  std::vector<std::unique_ptr<shape>> owned;
  std::vector<std::shared_ptr<shape>> shared;
  std::unique_ptr<shape> plain;
};

inline drawing make_drawing() {
  drawing d;
  auto c = std::make_unique<circle>();
  c->label = "c1";
  c->r = 2;
  d.owned.push_back(std::move(c));
  auto s = std::make_unique<square>();
  s->label = "s1";
  s->side = 3;
  d.owned.push_back(std::move(s));
  auto c2 = std::make_unique<circle>();
  c2->label = "c2";
  d.owned.push_back(std::move(c2));
  auto shared = std::make_shared<square>();
  shared->label = "shared";
  shared->side = 1.5;
  d.shared = {shared, shared};
  d.plain = std::make_unique<shape>();
  d.plain->label = "base";
  return d;
}

/// Records of integers of 4 and 8 bytes: written in the fixed layout when all of them are large, else in the varint
/// one, with an empty optional in either.
struct row {
  std::uint64_t hash = 0;
  std::int64_t id = 0;
  std::uint32_t crc = 0;
  std::int32_t delta = 0;
  std::int16_t small = 0;  // never fixed-width
  std::string name;
  std::optional<std::int64_t> parent;
};

struct wide {
  row first;
  std::vector<row> rows;
  std::map<std::uint64_t, std::int32_t> by_hash;  // fixed-width keys, varint values
  std::map<std::int32_t, std::int64_t> spans;     // both fixed-width
};

inline wide make_wide() {
  wide w;
  w.first = {0xCBF29CE484222325u, -0x123456789ABCDEF, 0xEDB88320u, std::numeric_limits<std::int32_t>::min(), 7, "fixed", -1};
  w.rows.push_back({std::numeric_limits<std::uint64_t>::max(), std::numeric_limits<std::int64_t>::max(), 1u << 21,
                    -(1 << 20) - 1, -1, "fixed, smallest four-byte values", std::nullopt});
  w.rows.push_back({0x100000001B3u, 1LL << 48, 0xEDB88320u, 1 << 20, 0, "varint: the hash takes 6 bytes", 42});
  w.rows.push_back({1, 2, 3, 4, 5, "varint: small values", std::nullopt});
  w.by_hash = {{0xCBF29CE484222325u, 1}, {0x84222325CBF29CE4u, -2}, {0x100000001B3u, 3}};
  w.spans = {{std::numeric_limits<std::int32_t>::min(), -(1LL << 50)}, {1 << 21, 1LL << 60}};
  return w;
}

/// Sequences whose counts take a header byte and a varint: the edges of the count's nibble (12, 15, 16) and of the
/// 2-byte header (523, 524), of every element wire type a long sequence may have.
struct lengths {
  std::vector<std::uint8_t> twelve;
  std::vector<float> fifteen;
  std::vector<std::int32_t> sixteen;
  std::vector<std::uint16_t> most_in_two_bytes;   // 523
  std::vector<double> fewest_in_three_bytes;      // 524
  std::vector<std::int64_t> large;                // 600 fixed-width elements
  std::vector<std::string> words;                 // 13
};

inline lengths make_lengths() {
  lengths l;
  for (unsigned i = 0; i < 12; ++i) l.twelve.push_back(static_cast<std::uint8_t>(i * 21));
  for (int i = 0; i < 15; ++i) l.fifteen.push_back(static_cast<float>(i) * -0.75f);
  for (int i = 0; i < 16; ++i) l.sixteen.push_back((i - 8) * 1000);
  for (unsigned i = 0; i < 523; ++i) l.most_in_two_bytes.push_back(static_cast<std::uint16_t>(i * 125));
  for (int i = 0; i < 524; ++i) l.fewest_in_three_bytes.push_back(i / 7.0);
  for (std::int64_t i = 0; i < 600; ++i) l.large.push_back((i - 300) * 0x0123456789ABLL);
  for (int i = 0; i < 13; ++i) l.words.push_back(std::string(static_cast<std::size_t>(i), static_cast<char>('a' + i)));
  return l;
}

/// Calls f(name, value) for each golden model, with a freshly made value.
template <class F>
void for_each_model(F&& f) {
  f("scalars", make_scalars());
  f("containers", make_containers());
  f("pointers", make_pointers());
  f("account", make_account());
  f("drawing", make_drawing());
  f("wide", make_wide());
  f("lengths", make_lengths());
}

}  // namespace golden
