// The binary format tests' shared part: three versions of the same models and the other test models, and the
// helpers every bin_*_test.cpp file uses. The tests are split by subject (the specification's bytes, round trips,
// pointers, compatibility, hostile input) so that no file takes minutes or gigabytes to compile.
#pragma once

#include <prism/bin/read.hpp>
#include <prism/bin/write.hpp>
#include <prism/prism.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <deque>
#include <forward_list>
#include <iterator>
#include <limits>
#include <list>
#include <map>
#include <memory>
#include <optional>
#include <queue>
#include <random>
#include <set>
#include <sstream>
#include <stack>
#include <string>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <variant>
#include <vector>

#include "golden_models.hpp"

// Three versions of the same models (outside the anonymous namespace: reflected types need linkage).
namespace v1 {
struct item {
  std::int32_t id = 0;
  std::string name;
  std::int32_t count = 0;
  float weight = 0;
};
struct order {
  std::vector<item> items;
  std::unique_ptr<item> main;
  std::optional<item> extra;
  std::pair<std::int32_t, std::string> note;
};
}  // namespace v1

namespace v2 {  // id widened, count optional, weight a double, a field appended everywhere the item appears
struct item {
  std::int64_t id = 0;
  std::string name;
  std::optional<std::int32_t> count;
  double weight = 0;
  std::string sku = "none";
};
struct order {
  std::vector<item> items;
  std::shared_ptr<item> main;
  std::optional<item> extra;
  std::tuple<std::int32_t, std::string, bool> note;
  std::uint32_t flags = 7;
};
}  // namespace v2

namespace v3 {  // name removed (its id kept by a placeholder), fields renamed, id narrowed, count back to plain
struct item {
  std::int16_t identifier = 0;
  std::int32_t quantity = 0;
  float mass = 0;
  std::string sku = "unset";
};
constexpr auto prism_describe(prism::type_t<item>) {
  return prism::fields(prism::field("identifier", &item::identifier), prism::removed(),
                       prism::field("quantity", &item::quantity), prism::field("mass", &item::mass),
                       prism::field("sku", &item::sku));
}
struct order {
  std::list<item> items;
  std::unique_ptr<item> main;
  std::optional<item> extra;
};
}  // namespace v3

// Two versions of a model whose enum gained an enumerator (outside the anonymous namespace: reflected types need
// linkage). Shared with tests/compat, which classifies the changes between them.
namespace shipping_v1 {
enum class status : std::uint8_t { open, paid, shipped };
struct order {
  std::int32_t id = 0;
  status state = status::open;
};
}  // namespace shipping_v1
namespace shipping_v2 {
enum class status : std::uint8_t { open, paid, shipped, refunded };
struct order {
  std::int32_t id = 0;
  status state = status::open;
};
}  // namespace shipping_v2

// Shapes, the alternatives of a variant (with linkage: their names are their types').
namespace shapes {
struct circle {
  double r = 0;
  friend bool operator==(const circle&, const circle&) = default;
};
struct square {
  double side = 0;
  friend bool operator==(const square&, const square&) = default;
};
struct triangle {
  double base = 0, height = 0;
};
}  // namespace shapes

// A shared object that first appears in a field an older model does not know, and again in one it knows.
namespace sharing_v1 {
struct item {
  std::int32_t id = 0;
};
struct document {
  std::vector<item> items;
  std::shared_ptr<std::string> main;
  std::shared_ptr<std::string> other;
};
}  // namespace sharing_v1
namespace sharing_v2 {
struct tag {
  std::string text;
  std::shared_ptr<std::string> note;  // a shared object inside the skipped one
};
struct item {
  std::int32_t id = 0;
  std::shared_ptr<std::string> owner;  // appended: v1 skips it
  std::shared_ptr<tag> label;          // appended
};
struct document {
  std::vector<item> items;
  std::shared_ptr<std::string> main;   // the same string as items[0].owner
  std::shared_ptr<std::string> other;  // the same string as items[1].label->note
};
}  // namespace sharing_v2

namespace checked {  // a dense record with a required field that can be empty
struct ticket {
  std::int32_t id = 0;
  std::optional<std::int32_t> seat;
  std::optional<std::string> note;
};
constexpr auto prism_describe(prism::type_t<ticket>) {
  return prism::fields(prism::field("id", &ticket::id), prism::field("seat", &ticket::seat).required(),
                       prism::field("note", &ticket::note));
}
struct badge {  // keyed: its ids leave gaps
  std::int32_t id = 0;
  std::optional<std::int32_t> level;
};
constexpr auto prism_describe(prism::type_t<badge>) {
  return prism::fields(prism::field("id", &badge::id), prism::field("level", &badge::level).id(9).required());
}
}  // namespace checked

namespace homonyms {  // two hierarchies that give one subtype name to different types
struct animal {
  virtual ~animal() = default;
  std::int32_t legs = 0;
};
struct cat : animal {
  std::string name;
};
struct vehicle {
  virtual ~vehicle() = default;
  std::int32_t wheels = 0;
};
struct car : vehicle {
  double speed = 0;
};
constexpr auto prism_describe(prism::type_t<animal>) { return prism::fields(prism::field("legs", &animal::legs)); }
constexpr auto prism_describe(prism::type_t<cat>) {
  return prism::fields(prism::field("legs", &cat::legs), prism::field("name", &cat::name));
}
constexpr auto prism_describe(prism::type_t<vehicle>) { return prism::fields(prism::field("wheels", &vehicle::wheels)); }
constexpr auto prism_describe(prism::type_t<car>) {
  return prism::fields(prism::field("wheels", &car::wheels), prism::field("speed", &car::speed));
}
constexpr auto prism_subtypes(prism::type_t<animal>) { return prism::subtypes(prism::subtype<cat>("kind")); }
constexpr auto prism_subtypes(prism::type_t<vehicle>) { return prism::subtypes(prism::subtype<car>("kind")); }
}  // namespace homonyms

namespace narrow {  // records of small integers only: read by the decoder of short varints where they fit it
struct ten {
  std::int32_t a, b, c, d, e, f, g, h, i, j;
  bool operator==(const ten&) const = default;
};
struct fifteen {
  std::uint16_t a, b, c, d, e, f, g, h, i, j, k, l, m, n, o;
  bool operator==(const fifteen&) const = default;
};
struct three {
  std::int64_t x;
  std::int16_t y;
  std::int32_t z;
  bool operator==(const three&) const = default;
};
struct one {
  std::uint64_t only;
  bool operator==(const one&) const = default;
};
struct nine {  // 4-byte integers alone (packed): written by the branch-free path where they fit it
  std::uint32_t a, b, c, d, e, f, g, h, i;
  bool operator==(const nine&) const = default;
};
struct thirteen {
  std::int32_t a, b, c, d, e, f, g, h, i, j, k, l, m;
  bool operator==(const thirteen&) const = default;
};
struct pair32 {
  std::int32_t x, y;
  bool operator==(const pair32&) const = default;
};
struct triple32 {
  std::uint32_t x, y, z;
  bool operator==(const triple32&) const = default;
};
struct single32 {
  std::int32_t only;
  bool operator==(const single32&) const = default;
};
struct mixed {  // both signednesses: read field by field
  std::int32_t s;
  std::uint32_t u;
  bool operator==(const mixed&) const = default;
};
}  // namespace narrow

namespace bounded {  // every scalar at its longest, an optional and nested bounded values: max_size_of holds
struct extremes {
  bool flag = true;
  char letter = '\xff';
  std::int8_t tiny = std::numeric_limits<std::int8_t>::min();
  std::uint64_t hash = std::numeric_limits<std::uint64_t>::max();
  std::int64_t id = std::numeric_limits<std::int64_t>::min();
  float ratio = -std::numeric_limits<float>::max();
  double value = std::numeric_limits<double>::lowest();
  std::optional<std::int64_t> parent = std::numeric_limits<std::int64_t>::min();
  narrow::three nested{std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int16_t>::min(),
                       std::numeric_limits<std::int32_t>::min()};
  std::array<std::uint32_t, 3> triple{std::numeric_limits<std::uint32_t>::max(), 0, 1u << 31};
  std::chrono::nanoseconds age{std::numeric_limits<std::int64_t>::min()};
};
}  // namespace bounded

namespace {

using bytes = std::vector<std::byte>;

enum class level : std::int8_t { low = -1, high = 1 };
enum shade { light, dark };

inline bytes of(std::initializer_list<int> b) {
  bytes out;
  for (int x : b) out.push_back(static_cast<std::byte>(x));
  return out;
}

template <class T>
bytes encode(const T& v) {
  auto r = prism::bin::to_bytes(v);
  EXPECT_TRUE(r) << r.error().message();
  return r ? *r : bytes{};
}

template <class T>
prism::result<T> decode(const bytes& b) {
  return prism::bin::read<T>(std::span<const std::byte>(b));
}


}  // namespace
