// The builder: the same bytes as the typed writer for every type it takes, compact and pretty, into every kind of
// sink; keys escaped as the writer escapes them; put_fields through views; conditional puts; errors with their path;
// misuse caught (the compile-time half is in tests/compile_fail).
#include <prism/prism.hpp>

#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <limits>
#include <list>
#include <map>
#include <memory>
#include <optional>
#include <ranges>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <variant>
#include <vector>

namespace {

enum class color { red, green, blue };

struct point {
  double x = 0;
  double y = 0;
  std::optional<std::string> label;
};

/// Values of each type the builder is tested with: typical and edge values.
template <class T>
struct samples;
template <>
struct samples<bool> {
  static std::vector<bool> values() { return {true, false}; }
};
template <>
struct samples<std::int8_t> {
  static std::vector<std::int8_t> values() { return {-128, 0, 127}; }
};
template <>
struct samples<std::uint64_t> {
  static std::vector<std::uint64_t> values() { return {0, std::numeric_limits<std::uint64_t>::max()}; }
};
template <>
struct samples<std::int64_t> {
  static std::vector<std::int64_t> values() { return {std::numeric_limits<std::int64_t>::min(), -1, 42}; }
};
template <>
struct samples<double> {
  static std::vector<double> values() { return {0.1, -0.0, 1e300, 5e-324, 123456789.125}; }
};
template <>
struct samples<float> {
  static std::vector<float> values() { return {0.1f, 3.4e38f}; }
};
template <>
struct samples<char> {
  static std::vector<char> values() { return {'a', '"', '\n'}; }
};
template <>
struct samples<std::string> {
  static std::vector<std::string> values() { return {"", "plain", "quote \" back \\ tab \t nul \x01", "caf\xC3\xA9 \xF0\x9F\x98\x80", std::string(300, 'x')}; }
};
template <>
struct samples<std::string_view> {
  static std::vector<std::string_view> values() { return {"view", ""}; }
};
template <>
struct samples<const char*> {
  static std::vector<const char*> values() { return {"c string", nullptr}; }
};
template <>
struct samples<color> {
  static std::vector<color> values() { return {color::red, color::blue}; }
};
template <>
struct samples<std::nullptr_t> {
  static std::vector<std::nullptr_t> values() { return {nullptr}; }
};
template <>
struct samples<std::optional<int>> {
  static std::vector<std::optional<int>> values() { return {7, std::nullopt}; }
};
template <>
struct samples<std::unique_ptr<point>> {
  static std::vector<std::unique_ptr<point>> values() {
    std::vector<std::unique_ptr<point>> v;
    v.push_back(std::make_unique<point>(point{1, 2, "p"}));
    v.push_back(nullptr);
    return v;
  }
};
template <>
struct samples<std::shared_ptr<int>> {
  static std::vector<std::shared_ptr<int>> values() { return {std::make_shared<int>(5), nullptr}; }
};
template <>
struct samples<std::vector<int>> {
  static std::vector<std::vector<int>> values() { return {{}, {1, 2, 3}}; }
};
template <>
struct samples<std::vector<std::string>> {
  static std::vector<std::vector<std::string>> values() { return {{"a", "b\"c"}}; }
};
template <>
struct samples<std::deque<double>> {
  static std::vector<std::deque<double>> values() { return {{1.5, 2.5}}; }
};
template <>
struct samples<std::list<bool>> {
  static std::vector<std::list<bool>> values() { return {{true, false}}; }
};
template <>
struct samples<std::array<double, 3>> {
  static std::vector<std::array<double, 3>> values() { return {{1.0, 2.0, 3.0}}; }
};
template <>
struct samples<std::set<int>> {
  static std::vector<std::set<int>> values() { return {{3, 1, 2}}; }
};
template <>
struct samples<std::map<std::string, int>> {
  static std::vector<std::map<std::string, int>> values() { return {{}, {{"a", 1}, {"b\n", 2}}}; }
};
template <>
struct samples<std::map<int, double>> {
  static std::vector<std::map<int, double>> values() { return {{{-1, 0.5}, {2, 1.0}}}; }
};
template <>
struct samples<std::variant<int, std::string>> {
  static std::vector<std::variant<int, std::string>> values() { return {7, std::string("seven")}; }
};
template <>
struct samples<std::tuple<int, bool, std::string>> {
  static std::vector<std::tuple<int, bool, std::string>> values() { return {{1, true, "x"}}; }
};
template <>
struct samples<std::pair<std::string, double>> {
  static std::vector<std::pair<std::string, double>> values() { return {{"k", 2.5}}; }
};
template <>
struct samples<std::vector<std::byte>> {
  static std::vector<std::vector<std::byte>> values() { return {{std::byte{0}, std::byte{0xFF}, std::byte{0x10}}}; }
};
template <>
struct samples<std::chrono::system_clock::time_point> {
  static std::vector<std::chrono::system_clock::time_point> values() {
    return {std::chrono::system_clock::time_point{std::chrono::milliseconds{1'700'000'000'123}}};
  }
};
template <>
struct samples<std::chrono::milliseconds> {
  static std::vector<std::chrono::milliseconds> values() { return {std::chrono::milliseconds{1500}}; }
};
template <>
struct samples<point> {
  static std::vector<point> values() { return {{1.5, -2, std::nullopt}, {0, 0, "origin"}}; }
};
template <>
struct samples<std::vector<point>> {
  static std::vector<std::vector<point>> values() { return {{{1, 2, "a"}, {3, 4, std::nullopt}}}; }
};

/// A second spelling of every record: camelCase, and nulls left out.
struct camel : prism::view {
  static constexpr auto naming = prism::camel_case;
  static constexpr auto omit = prism::when_null;
};

template <class T>
class BuilderTyped : public ::testing::Test {};

using builder_types =
    ::testing::Types<bool, std::int8_t, std::uint64_t, std::int64_t, double, float, char, std::string, std::string_view,
                     const char*, color, std::nullptr_t, std::optional<int>, std::unique_ptr<point>, std::shared_ptr<int>,
                     std::vector<int>, std::vector<std::string>, std::deque<double>, std::list<bool>,
                     std::array<double, 3>, std::set<int>, std::map<std::string, int>, std::map<int, double>,
                     std::variant<int, std::string>, std::tuple<int, bool, std::string>,
                     std::pair<std::string, double>, std::vector<std::byte>, std::chrono::system_clock::time_point,
                     std::chrono::milliseconds, point, std::vector<point>>;
TYPED_TEST_SUITE(BuilderTyped, builder_types);

std::string pretty(const std::string& compact) {
  std::string out;
  std::FILE* in = std::tmpfile();
  std::fwrite(compact.data(), 1, compact.size(), in);
  std::rewind(in);
  EXPECT_TRUE(prism::json::reformat(in, out, {.indent = 2}));
  std::fclose(in);
  return out;
}

// A member put by the builder is the member of a typed record holding the value; an element, the element of a
// typed array: byte for byte, compact and pretty, in the default view and through another.
TYPED_TEST(BuilderTyped, WritesWhatTheTypedWriterWrites) {
  using T = TypeParam;
  for (const T& sample : samples<T>::values()) {
    for (int indent : {0, 2}) {
      const prism::json::write_options opts{.indent = indent};
      std::string built, typed;
      ASSERT_TRUE(prism::json::build_object(built, [&](auto& o) { o.put("v", sample); }, opts));
      const std::string member = "{\"v\":" + prism::json::to_string(sample).value() + "}";
      EXPECT_EQ(built, indent ? pretty(member) : member);

      built.clear();
      ASSERT_TRUE(prism::json::build_object(built, camel{}, [&](auto& o) { o.put("v", sample).put("w", sample); }, opts));
      ASSERT_TRUE(prism::json::build_object(typed, [&](auto& o) { o.put("v", sample, camel{}).put("w", sample, camel{}); }, opts));
      std::string element = prism::json::to_string(sample, camel{}).value();
      std::string expected = "{\"v\":" + element + ",\"w\":" + element + "}";
      EXPECT_EQ(built, indent ? pretty(expected) : expected);
      EXPECT_EQ(typed, built);

      built.clear();
      ASSERT_TRUE(prism::json::build_array(built, [&](auto& a) { a.value(sample).value(sample, camel{}); }, opts));
      expected = "[" + prism::json::to_string(sample).value() + "," + element + "]";
      EXPECT_EQ(built, indent ? pretty(expected) : expected);
    }
  }
}

// Every sink gets the same bytes: a 64-byte buffer (each member crossing windows), a FILE*, a counting sink.
TYPED_TEST(BuilderTyped, EverySinkGetsTheSameBytes) {
  using T = TypeParam;
  const auto values = samples<T>::values();
  auto build = [&](auto& o) {
    for (int i = 0; i < 20; ++i)
      o.put("member " + std::to_string(i), values[static_cast<std::size_t>(i) % values.size()]);
  };
  std::string whole;
  ASSERT_TRUE(prism::json::build_object(whole, build));
  std::string chunks;
  std::array<char, prism::io::min_window> buffer;
  prism::io::fixed_sink sink(std::span<char>(buffer), [&](std::string_view c) { return chunks += c, true; });
  ASSERT_TRUE(prism::json::build_object(sink, build));
  EXPECT_EQ(chunks, whole);
  std::FILE* f = std::tmpfile();
  ASSERT_EQ(prism::json::build_object(f, build).value(), whole.size());
  std::rewind(f);
  std::string back(whole.size(), '\0');
  EXPECT_EQ(std::fread(back.data(), 1, back.size(), f), whole.size());
  std::fclose(f);
  EXPECT_EQ(back, whole);
  prism::io::counting_sink counter;
  EXPECT_EQ(prism::json::build_object(counter, build).value(), whole.size());
}

// Keys: any text, escaped as the writer escapes keys (quotes, control characters, escape_non_ascii), long or short.
TEST(Builder, KeysAreEscapedAsTheWriterEscapesThem) {
  for (std::string key : {std::string("plain"), std::string("quo\"te"), std::string("back\\slash"), std::string("tab\t"),
                          std::string("nul\x01"), std::string("caf\xC3\xA9"), std::string(48, 'k'), std::string(49, 'k'),
                          std::string(200, 'q') + "\"", std::string()}) {
    for (bool non_ascii : {false, true}) {
      for (int indent : {0, 2}) {
        const prism::json::write_options opts{.indent = indent, .escape_non_ascii = non_ascii};
        std::string built, by_hand;
        ASSERT_TRUE(prism::json::build_object(built, [&](auto& o) { o.put(key, 1).put(key, 2); }, opts));
        prism::io::container_sink sink(by_hand);
        auto write = [&](auto& w) {
          w.begin_object();
          w.key(key), w.value(1), w.key(key), w.value(2);
          w.end_object();
          return w.finish();
        };
        if (indent) {
          prism::json::writer<decltype(sink), true> w(sink, opts);
          ASSERT_TRUE(write(w));
        } else {
          prism::json::writer<decltype(sink)> w(sink, opts);
          ASSERT_TRUE(write(w));
        }
        EXPECT_EQ(built, by_hand) << key;
      }
    }
  }
  std::string out;
  auto bad = prism::json::build_object(out, [](auto& o) { o.put("ok", 1).put("bad\xFF", 2); });
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().code, prism::error_code::invalid_utf8);
}

struct post {
  std::uint64_t id = 0;
  std::string title;
  std::string body;
  std::optional<std::string> subtitle;
  std::vector<std::string> tags;
  std::int64_t created_at = 0;
  std::string secret;
};

struct public_api : prism::view {
  static constexpr auto naming = prism::camel_case;
};
constexpr auto prism_view(prism::type_t<post>, public_api) {
  return prism::changes(prism::omit("secret"), prism::rename("title", "headline"),
                        prism::omit("tags", prism::when_empty), prism::represent("id", prism::as<std::string>(
                            [](std::uint64_t id) { return std::to_string(id); },
                            [](const std::string& s) { return std::stoull(s); })));
}

const post sample_post{7, "Hello", "World", std::nullopt, {}, 1700000000, "hunter2"};

std::string built(auto&& f, auto... view) {
  std::string out;
  auto r = prism::json::build_object(out, view..., f);
  return r ? out : "error: " + r.error().message();
}

// put_fields picks fields by their declared names, in the order asked, under the key the view gives each (its
// naming, renames, representations and omission rules), or under a key of the caller's.
TEST(Builder, PutFieldsFollowsTheView) {
  auto fields = [](auto& o) { o.put_fields(sample_post, "created_at", "title", "id", "tags", prism::rename("body", "text")); };
  EXPECT_EQ(built(fields), R"({"created_at":1700000000,"title":"Hello","id":7,"tags":[],"text":"World"})");
  EXPECT_EQ(built(fields, public_api{}), R"({"createdAt":1700000000,"headline":"Hello","id":"7","text":"World"})");
  EXPECT_EQ(built([](auto& o) { o.put_fields(sample_post, "subtitle"); }), R"({"subtitle":null})");
  EXPECT_EQ(built([](auto& o) { o.put_fields_unless_null(sample_post, "subtitle", "title"); }), R"({"title":"Hello"})");
  EXPECT_EQ(built([](auto& o) { o.put_fields_unless_empty(sample_post, "tags", "subtitle", "body"); }), R"({"body":"World"})");
  EXPECT_EQ(built([](auto& o) { o.put_fields(sample_post, "nope"); }), R"(error: put_fields: no field named "nope" at $ (byte 1))");
  EXPECT_EQ(built([](auto& o) { o.put_fields(sample_post, "title", "secret"); }, public_api{}),
            R"(error: put_fields: field "secret" is left out of this view at $ (byte 19))");
  std::string skip;  // the write option that skips null fields applies as in typed writing
  ASSERT_TRUE(prism::json::build_object(skip, [](auto& o) { o.put_fields(sample_post, "subtitle", "id"); },
                                        {.skip_null_fields = true}));
  EXPECT_EQ(skip, R"({"id":7})");
}

TEST(Builder, ConditionalPuts) {
  const std::optional<int> none, five = 5;
  const std::vector<int> empty, full{1};
  const std::unique_ptr<int> null;
  EXPECT_EQ(built([&](auto& o) {
              o.put_if(true, "a", 1).put_if(false, "b", 2);
              o.put_unless_null("c", none).put_unless_null("d", five).put_unless_null("e", null);
              o.put_unless_empty("f", empty).put_unless_empty("g", full).put_unless_empty("h", std::string());
              o.put_unless_empty("i", none).put_unless_null("j", static_cast<const char*>(nullptr));
            }),
            R"({"a":1,"d":5,"g":[1]})");
}

// Scopes nest by callbacks; arrays take values, objects, arrays, ranges (with or without their index) and ranges
// that no type describes.
TEST(Builder, ArraysAndObjectsNest) {
  const std::vector<post> posts{sample_post, post{8, "Second", "", "sub", {"x"}, 0, ""}};
  EXPECT_EQ(built([&](auto& o) {
              o.objects("posts", posts, [](auto& p, const post& x) { p.put("id", x.id); });
              o.objects("indexed", posts, [](auto& p, const post& x, std::size_t i) { p.put("i", i).put("t", x.title); });
              o.array("ids", posts, [](auto& a, const post& x) { a.value(x.id).value(x.id * 10); });
              o.array("nested", [](auto& a) {
                a.array([](auto& b) { b.array([](auto& c) { c.value(1); }).array([](auto&) {}); });
                a.object([](auto&) {}).values(std::views::iota(1, 4)).array(std::views::iota(0, 2), [](auto& b, int n) { b.value(n); });
                a.objects(std::vector<int>{5}, [](auto& e, int n, std::size_t i) { e.put("n", n).put("i", i); });
              });
              o.put("squares", std::views::iota(1, 4) | std::views::transform([](int n) { return n * n; }));
              o.object("empty", [](auto&) {});
            }),
            R"({"posts":[{"id":7},{"id":8}],"indexed":[{"i":0,"t":"Hello"},{"i":1,"t":"Second"}],"ids":[7,70,8,80],)"
            R"("nested":[[[1],[]],{},1,2,3,[0,1],{"n":5,"i":0}],"squares":[1,4,9],"empty":{}})");
}

// An error stops the document; the build returns the first, with its path through the builder's scopes.
TEST(Builder, ErrorsCarryTheirPath) {
  const double nan = std::nan("");
  EXPECT_EQ(built([&](auto& o) { o.object("a", [&](auto& a) { a.array("b", [&](auto& b) { b.value(1).value(nan); }); }); }),
            "error: NaN or infinity cannot be written as JSON at $.a.b[1] (byte 13)");
  EXPECT_EQ(built([&](auto& o) { o.objects("p", std::vector<int>{1, 2}, [&](auto& p, int n) { p.put("x", n == 2 ? nan : 0.0); }); }),
            "error: NaN or infinity cannot be written as JSON at $.p[1].x (byte 19)");
  EXPECT_EQ(built([&](auto& o) { o.put("pt", point{1, nan, std::nullopt}); }),
            "error: NaN or infinity cannot be written as JSON at $.pt.y (byte 17)");
  // after the first error, later calls write nothing and change nothing
  EXPECT_EQ(built([&](auto& o) { o.put("x", nan).put("y", "\xFF").object("z", [](auto& z) { z.put("q", 1); }); }),
            "error: NaN or infinity cannot be written as JSON at $.x (byte 5)");
  // an error of the builder's own ends its path there, whatever is written after it
  EXPECT_EQ(built([&](auto& o) {
              o.put("a", 1).put_fields(sample_post, "nope").put("b", nan);
              o.object("c", [](auto& c) { c.put("d", "\xFF"); });
            }),
            R"(error: put_fields: no field named "nope" at $ (byte 6))");
  // ok() turns false at the first error, for loops that should stop there
  bool seen_ok = false, seen_failed = false;
  EXPECT_EQ(built([&](auto& o) {
              o.array("xs", [&](auto& a) {
                for (double x : {1.0, nan, 2.0}) {
                  if (!a.ok()) {
                    seen_failed = true;
                    break;
                  }
                  seen_ok = true;
                  a.value(x);
                }
              });
            }),
            "error: NaN or infinity cannot be written as JSON at $.xs[1] (byte 9)");
  EXPECT_TRUE(seen_ok && seen_failed);
  std::string out;
  auto nulls = prism::json::build_object(out, [&](auto& o) { o.put("x", nan); }, {.nonfinite_as_null = true});
  ASSERT_TRUE(nulls);
  EXPECT_EQ(out, R"({"x":null})");
}

// A builder of an outer scope used while an inner one is open would write into the inner object: debug builds
// (writer checks 2) catch it.
TEST(Builder, AnOuterBuilderUsedInsideAnInnerScopeIsCaught) {
#if PRISM_WRITER_CHECKS >= 2
  EXPECT_EQ(built([](auto& o) { o.object("inner", [&](auto&) { o.put("x", 1); }); }),
            "error: a builder used while an object or array opened inside it is still open at $.inner (byte 10)");
  EXPECT_EQ(built([](auto& o) { o.array("inner", [&](auto& a) { a.object([&](auto&) { a.value(1); }); }); }),
            "error: a builder used while an object or array opened inside it is still open at $.inner[0] (byte 11)");
#else
  GTEST_SKIP() << "writer checks below 2 (NDEBUG): the scope check is a debug build's";
#endif
}

// Built parts mix with a low-level writer's tokens and typed values, both ways.
TEST(Builder, MixesWithTheLowLevelWriter) {
  for (int indent : {0, 2}) {
    std::string out;
    prism::io::container_sink sink(out);
    auto write = [&](auto& w) {
      w.begin_array();
      w.value(1);
      prism::json::build_object(w, [](auto& o) { o.put("a", 1).array("b", [](auto& b) { b.value(2); }); });
      prism::json::build_array(w, [](auto& a) { a.value(point{1, 2, "p"}); }, camel{});
      prism::json::write_value(w, std::vector<int>{3});
      w.end_array();
      return w.finish();
    };
    if (indent) {
      prism::json::writer<decltype(sink), true> w(sink, {.indent = 2});
      ASSERT_TRUE(write(w));
    } else {
      prism::json::writer<decltype(sink)> w(sink);
      ASSERT_TRUE(write(w));
    }
    const std::string compact = R"([1,{"a":1,"b":[2]},[{"x":1,"y":2,"label":"p"}],[3]])";
    EXPECT_EQ(out, indent ? pretty(compact) : compact);
  }
}

// Scopes a builder nests count toward max_depth as begin_object's do, in both layouts, and fail with their path;
// the low-level writer's own checks of its begin_ and end_ calls stay whole around them.
TEST(Builder, NestedScopesCountTowardTheDepthLimit) {
  auto nest = [](auto& o) {
    o.array("a", [](auto& a) { a.object([](auto& b) { b.array("c", [](auto& c) { c.value(1); }); }); });
  };
  for (int indent : {0, 2}) {
    std::string out;
    ASSERT_TRUE(prism::json::build_object(out, nest, {.indent = indent, .max_depth = 4}));
    auto deep = prism::json::build_object(out, nest, {.indent = indent, .max_depth = 3});
    ASSERT_FALSE(deep);
    EXPECT_EQ(deep.error().code, prism::error_code::depth_exceeded);
    EXPECT_EQ(deep.error().path, "$.a[0].c");
  }
  std::string out;
  prism::io::container_sink sink(out);
  prism::json::writer<decltype(sink)> w(sink);
  w.begin_array();
  prism::json::build_object(w, nest);
  prism::json::build_array(w, [](auto& a) { a.array([](auto& b) { b.object([](auto&) {}); }); });
  w.end_object();  // closes the array
  auto r = w.finish();
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, prism::error_code::misuse);
  EXPECT_TRUE(out.starts_with(R"([{"a":[{"c":[1]}]},[[{}]])")) << out;  // a release build writes the '}' too
}

// An object or array opened after an error does not call its callback, so a recursive serializer stops at max_depth.
TEST(Builder, ScopesOpenedAfterAnErrorCallNothing) {
  int calls = 0;
  std::string out;
  auto failed = prism::json::build_object(out, [&](auto& o) {
    o.put("x", std::nan(""));
    o.object("y", [&](auto&) { ++calls; });
    o.array("z", [&](auto&) { ++calls; });
  });
  ASSERT_FALSE(failed);
  EXPECT_EQ(failed.error().path, "$.x");
  EXPECT_EQ(calls, 0);
  auto nest = [&](auto& self, auto& o) -> void {
    ++calls;
    o.object("n", [&](auto& inner) { self(self, inner); });
  };
  for (int indent : {0, 2}) {
    calls = 0;
    auto deep = prism::json::build_object(out, [&](auto& o) { nest(nest, o); }, {.indent = indent, .max_depth = 10});
    ASSERT_FALSE(deep);
    EXPECT_EQ(deep.error().code, prism::error_code::depth_exceeded);
    EXPECT_EQ(deep.error().path, "$.n.n.n.n.n.n.n.n.n.n");
    EXPECT_EQ(calls, 10);
  }
}

// A view chosen at run time picks the builder's view once: typed values follow it, the caller's keys do not change.
TEST(Builder, AViewChosenAtRunTime) {
  using api = prism::one_of<prism::default_view, public_api>;
  for (bool v2 : {false, true}) {
    const api chosen = v2 ? api(public_api{}) : api(prism::default_view{});
    EXPECT_EQ(built([](auto& o) { o.put("post_id", sample_post.id).put("post", sample_post); }, chosen),
              v2 ? R"({"post_id":7,"post":{"id":"7","headline":"Hello","body":"World","subtitle":null,"createdAt":1700000000}})"
                 : R"({"post_id":7,"post":{"id":7,"title":"Hello","body":"World","subtitle":null,"tags":[],"created_at":1700000000,"secret":"hunter2"}})");
  }
}

}  // namespace
