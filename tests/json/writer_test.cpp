// The low-level streaming writer: tokens, layout, escaping, options and misuse.
#include <prism/prism.hpp>

#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <utility>

namespace {

using prism::json::write_options;

/// Drives a writer into a string with f: the output and what finish() returned.
template <bool Pretty = false, class F>
std::pair<std::string, prism::result<std::size_t>> drive(F&& f, const write_options& o = {}) {
  std::string out;
  prism::io::container_sink sink(out);
  prism::json::writer<decltype(sink), Pretty> w(sink, o);
  f(w);
  prism::result<std::size_t> r = w.finish();
  return {std::move(out), std::move(r)};
}

template <bool Pretty = false, class F>
std::string emit(F&& f, const write_options& o = {}) {
  auto [out, r] = drive<Pretty>(f, o);
  EXPECT_TRUE(r.has_value()) << r.error().message();
  EXPECT_EQ(r.has_value() ? *r : 0, out.size());
  return out;
}

template <bool Pretty = false, class F>
prism::error_code emit_error(F&& f, const write_options& o = {}) {
  auto r = drive<Pretty>(f, o).second;
  return r.has_value() ? prism::error_code::none : r.error().code;
}

TEST(Writer, TokensMakeADocument) {
  auto s = emit([](auto& w) {
    w.begin_object();
    w.key("id");
    w.value(42);
    w.key("tags");
    w.begin_array();
    w.value("a");
    w.value(true);
    w.null();
    w.begin_object();
    w.end_object();
    w.end_array();
    w.key(prism::json::prepared_key{R"("pre":)"});
    w.value(-1.5);
    w.end_object();
  });
  EXPECT_EQ(s, R"({"id":42,"tags":["a",true,null,{}],"pre":-1.5})");
}

TEST(Writer, PrettyIndentation) {
  auto s = emit<true>(
      [](auto& w) {
        w.begin_object();
        w.key("a");
        w.begin_array();
        w.value(1);
        w.value(2);
        w.end_array();
        w.key("b");
        w.begin_object();
        w.end_object();
        w.end_object();
      },
      {.indent = 2});
  EXPECT_EQ(s, "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {}\n}");
}

TEST(Writer, EscapesEveryControlCharacterQuoteAndBackslash) {
  std::string all;
  for (int c = 0; c < 128; ++c) all.push_back(static_cast<char>(c));
  auto s = emit([&](auto& w) { w.value(all); });
  EXPECT_EQ(nlohmann::json::parse(s).get<std::string>(), all);
  EXPECT_NE(s.find(R"(\u0000\u0001)"), std::string::npos);
  EXPECT_NE(s.find(R"(\b\t\n\u000b\f\r)"), std::string::npos);
  EXPECT_NE(s.find(R"(!\"#)"), std::string::npos);
  EXPECT_NE(s.find(R"([\\])"), std::string::npos);
  EXPECT_NE(s.find("/"), std::string::npos);  // solidus is not escaped
}

TEST(Writer, Utf8PassesThroughOrIsEscaped) {
  std::string text = "caf\xC3\xA9 \xE6\x97\xA5\xE6\x9C\xAC \xF0\x9F\x98\x80";  // café 日本 😀
  EXPECT_EQ(emit([&](auto& w) { w.value(text); }), "\"" + text + "\"");
  EXPECT_EQ(emit([&](auto& w) { w.value(text); }, {.escape_non_ascii = true}),
            R"("caf\u00e9 \u65e5\u672c \ud83d\ude00")");
}

TEST(Writer, InvalidUtf8IsRejectedOrReplaced) {
  const char* bad[] = {"\x80", "a\xC0\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xE6\x97", "ok\xFF", "\xF0\x9F\x98"};
  for (const char* b : bad) {
    EXPECT_EQ(emit_error([&](auto& w) { w.value(b); }), prism::error_code::invalid_utf8) << b;
    auto s = emit([&](auto& w) { w.value(b); }, {.replace_invalid_utf8 = true});
    EXPECT_NE(s.find("\xEF\xBF\xBD"), std::string::npos) << s;
    EXPECT_TRUE(nlohmann::json::accept(s));
  }
  // one U+FFFD per maximal invalid subpart: a truncated 3-byte sequence is one replacement
  EXPECT_EQ(emit([](auto& w) { w.value("\xE6\x97!"); }, {.replace_invalid_utf8 = true}), "\"\xEF\xBF\xBD!\"");
  EXPECT_EQ(emit([](auto& w) { w.value("\xFF\xFE"); }, {.escape_non_ascii = true, .replace_invalid_utf8 = true}),
            R"("\ufffd\ufffd")");
}

TEST(Writer, LongStringsCrossWindowBoundaries) {
  std::mt19937 rng(7);
  for (int round = 0; round < 200; ++round) {
    std::string s;
    std::size_t n = rng() % 300;
    for (std::size_t i = 0; i < n; ++i) {
      unsigned r = static_cast<unsigned>(rng() % 10);
      s += r < 6 ? static_cast<char>('a' + rng() % 26) : r < 7 ? '"' : r < 8 ? '\n' : r < 9 ? '\\' : '\x01';
      if (rng() % 20 == 0) s += "\xE2\x82\xAC";  // €
    }
    std::string got;
    char buf[64];
    prism::io::fixed_sink sink(std::span<char>(buf), [&](std::string_view c) {
      got.append(c);
      return true;
    });
    prism::json::writer<decltype(sink)> w(sink);
    w.value(s);
    ASSERT_TRUE(w.finish().has_value());
    EXPECT_EQ(nlohmann::json::parse(got).get<std::string>(), s);
  }
}

// A value written through a token cursor takes the separator the writer owes and leaves it ready for the next; its
// room checks refill the window as tokens would.
TEST(Writer, TokenCursorsTakeTheirSeparatorAndCrossWindowBoundaries) {
  std::string got, expected = "[";
  char buf[64];
  prism::io::fixed_sink sink(std::span<char>(buf), [&](std::string_view c) { return got.append(c), true; });
  prism::json::writer<decltype(sink)> w(sink);
  w.begin_array();
  for (int i = 0; i < 300; ++i) {
    if (i % 3 == 0) {
      w.value(i);
    } else {
      auto c = w.begin_tokens(1);
      *c.pos++ = '[';
      for (int k = 0; k < i % 5; ++k) {
        c = w.room(c, 12);
        if (k != 0) *c.pos++ = ',';
        c.pos = std::to_chars(c.pos, c.end, i * k).ptr;
      }
      c = w.room(c, 1);
      *c.pos++ = ']';
      w.end_tokens(c);
    }
    std::string element = std::to_string(i);
    if (i % 3 != 0) {
      element = "[";
      for (int k = 0; k < i % 5; ++k) element += (k != 0 ? "," : "") + std::to_string(i * k);
      element += "]";
    }
    expected += (i != 0 ? "," : "") + element;
  }
  w.end_array();
  ASSERT_TRUE(w.finish().has_value());
  EXPECT_EQ(got, expected + "]");
}

TEST(Writer, NonFiniteNumbers) {
  for (double d : {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
                   -std::numeric_limits<double>::infinity()}) {
    EXPECT_EQ(emit_error([&](auto& w) { w.value(d); }), prism::error_code::non_finite_number);
    EXPECT_EQ(emit([&](auto& w) { w.value(d); }, {.nonfinite_as_null = true}), "null");
    EXPECT_EQ(emit_error([&](auto& w) { w.value(static_cast<float>(d)); }), prism::error_code::non_finite_number);
  }
}

TEST(Writer, IntegersAtEveryWidthAndLimit) {
  auto check = [](auto v) {
    std::string s = emit([&](auto& w) { w.value(v); });
    EXPECT_EQ(s, std::to_string(v));
  };
  check(std::numeric_limits<signed char>::min());
  check(std::numeric_limits<unsigned char>::max());
  check(std::numeric_limits<short>::min());
  check(std::numeric_limits<unsigned short>::max());
  check(std::numeric_limits<int>::min());
  check(std::numeric_limits<unsigned>::max());
  check(std::numeric_limits<long long>::min());
  check(std::numeric_limits<long long>::max());
  check(std::numeric_limits<unsigned long long>::max());
  std::mt19937_64 rng(11);
  for (int i = 0; i < 100000; ++i) {
    std::uint64_t u = rng() >> (rng() % 64);
    check(u);
    check(static_cast<std::int64_t>(u) * ((i & 1) ? -1 : 1));
    check(static_cast<std::uint32_t>(u));
  }
  for (std::uint64_t p = 1; p != 0 && p <= 10000000000000000000ull; p *= 10) {
    check(p);
    check(p - 1);
    if (p > 1) check(p + 1);
  }
}

TEST(Writer, RandomDoublesRoundTripBitExactlyThroughAnIndependentParser) {
  std::mt19937_64 rng(20261122);
  std::string doc = emit([&](auto& w) {
    w.begin_array();
    for (int i = 0; i < 1000000; ++i) {
      double d;
      do {
        std::uint64_t bits = rng();
        std::memcpy(&d, &bits, sizeof d);
      } while (!std::isfinite(d));
      w.value(d);
    }
    w.end_array();
  });
  rng.seed(20261122);
  std::size_t i = 0, pos = 1;
  while (pos < doc.size() - 1) {
    std::size_t end = doc.find_first_of(",]", pos);
    double got = std::strtod(doc.c_str() + pos, nullptr);
    double want;
    do {
      std::uint64_t bits = rng();
      std::memcpy(&want, &bits, sizeof want);
    } while (!std::isfinite(want));
    ASSERT_EQ(std::memcmp(&got, &want, sizeof got), 0) << doc.substr(pos, end - pos);
    pos = end + 1;
    ++i;
  }
  EXPECT_EQ(i, 1000000u);
}

#if PRISM_WRITER_CHECKS
/// The detail of the error emitting with f gives ("" when it succeeds).
template <bool Pretty = false, class F>
std::string emit_detail(F&& f, const write_options& o = {}) {
  auto r = drive<Pretty>(f, o).second;
  if (r) return "";
  EXPECT_EQ(r.error().code, prism::error_code::misuse);
  return r.error().detail;
}

// Every build pairs begin_ and end_ calls, NDEBUG ones too (this file is also built with it: writer_ndebug_test), so
// that a document left unbalanced is an error.
TEST(Writer, UnbalancedCallsAreCaughtInEveryBuild) {
  // a debug build says so at the end_ call; a release build, which only counts, at finish()
  const bool debug = PRISM_WRITER_CHECKS >= 2;
  const std::string unmatched = "end_object and end_array calls that do not match their begin_ calls";
  EXPECT_EQ(emit_detail([](auto& w) {
              w.begin_array();
              w.end_object();
            }),
            debug ? "end_object closing an array" : unmatched);
  EXPECT_EQ(emit_detail([](auto& w) {
              w.begin_object();
              w.end_array();
            }),
            debug ? "end_array closing an object" : unmatched);
  EXPECT_EQ(emit_detail([](auto& w) {  // {1]: the release build's example
              w.begin_object();
              w.key("k");
              w.value(1);
              w.end_array();
            }),
            debug ? "end_array closing an object" : unmatched);
  EXPECT_EQ(emit_detail([](auto& w) { w.begin_array(); }), "an object or array left open at the end");
  EXPECT_EQ(emit_detail([](auto& w) { w.end_array(); }), "an end with nothing open");
  EXPECT_EQ(emit_detail<true>([](auto& w) {  // pretty: no indenting by a depth that went below zero
              w.begin_array();
              w.value(1);
              w.end_array();
              w.end_array();
            }, {.indent = 2}),
            "an end with nothing open");
  // deeper than the 1,024 levels whose kind the checks keep: well-formed documents still pass
  auto deep_objects = [](auto& w) {
    for (int i = 0; i < 1100; ++i) w.begin_object(), w.key("k");
    w.value(1);
    for (int i = 0; i < 1100; ++i) w.end_object();
  };
  EXPECT_EQ(emit_detail(deep_objects, {.max_depth = 2000}), "");
  // [{]}: a release build checks each end_'s kind too (reported at finish()), in the outer 64 levels
  EXPECT_EQ(emit_detail([](auto& w) {
              w.begin_array();
              w.begin_object();
              w.end_array();
              w.end_object();
            }),
            debug ? "end_array closing an object" : unmatched);
  // 100 levels, arrays and objects in turn, all ended as begun but the one at `crossed` (-1: none)
  auto crossed_at = [](int crossed) {
    return [crossed](auto& w) {
      for (int level = 0; level < 100; ++level) {
        if (level % 2 == 0) {
          w.begin_array();
        } else {
          w.begin_object();
          w.key("k");
        }
      }
      w.value(1);
      for (int level = 99; level >= 0; --level) {
        const bool object = level % 2 == 1;
        object != (level == crossed) ? w.end_object() : w.end_array();
      }
    };
  };
  EXPECT_EQ(emit_detail(crossed_at(-1), {.max_depth = 200}), "");
  EXPECT_EQ(emit_detail(crossed_at(10), {.max_depth = 200}), debug ? "end_object closing an array" : unmatched);
#if PRISM_WRITER_CHECKS < 2  // a release build: {1 with no end is still an error, for what is left open
  EXPECT_EQ(emit_detail([](auto& w) {
              w.begin_object();
              w.value(1);
            }),
            "an object or array left open at the end");
#endif
}

#endif

// A misuse error says where: the offset of the byte the misplaced call would have written (debug builds, at the
// call), or the end of the output (release builds, which find it at finish()); counted across the sink's windows.
TEST(Writer, MisuseErrorsCarryTheirOffset) {
  const bool debug = PRISM_WRITER_CHECKS >= 2;
  auto r = drive([](auto& w) {
             w.begin_array();
             w.value(12);
             w.begin_object();  // "[12,{": 5 bytes
             w.end_array();
             w.end_object();
           }).second;
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().offset, debug ? 5u : 7u);
  EXPECT_NE(r.error().message().find(debug ? "(byte 5)" : "(byte 7)"), std::string::npos) << r.error().message();

  std::FILE* null = std::fopen("/dev/null", "wb");
  ASSERT_NE(null, nullptr);
  auto sink = prism::io::make_sink(null);
  prism::json::writer<decltype(sink)> w(sink);
  w.begin_array();
  for (int i = 0; i < 100000; ++i) w.value("ten bytes!");  // 100,000 x 13 bytes, through many windows
  w.begin_object();
  w.end_array();
  w.end_object();
  auto far = w.finish();
  std::fclose(null);
  ASSERT_FALSE(far);
  EXPECT_EQ(far.error().offset, debug ? 1u + 100000 * 13 + 1 : 1u + 100000 * 13 + 3);
}

#if PRISM_WRITER_CHECKS >= 2
// Debug builds also check that every key and value is where it goes.
TEST(Writer, MisplacedKeysAndValuesAreCaughtInDebugBuilds) {
  EXPECT_EQ(emit_detail([](auto& w) {
              w.begin_object();
              w.value(1);
              w.end_object();
            }),
            "a value where a key belongs");
  EXPECT_EQ(emit_detail([](auto& w) {
              w.begin_array();
              w.key("k");
              w.end_array();
            }),
            "a key outside an object");
  EXPECT_EQ(emit_detail([](auto& w) {
              w.begin_object();
              w.value(1);  // {1 with no end: the first misuse is what is reported
            }),
            "a value where a key belongs");
  EXPECT_EQ(emit_detail([](auto& w) {
              w.begin_object();
              w.key("k");
              w.end_object();
            }),
            "an end where a key's value belongs");
  EXPECT_EQ(emit_detail([](auto& w) {
              w.begin_object();
              w.key("k");
            }),
            "a key without its value at the end");
  EXPECT_EQ(emit_detail([](auto& w) {
              w.value(1);
              w.value(2);
            }),
            "a second value at the top level");
  EXPECT_EQ(emit_detail<true>([](auto& w) {
              w.begin_object();
              w.key("a");
              w.key("b");
              w.value(1);
              w.end_object();
            }, {.indent = 2}),
            "a key where a value belongs");
  EXPECT_EQ(emit_detail([](auto& w) {
              w.begin_object();
              w.key("a");
              w.value(1);
              w.end_object();
            }),
            "");
}
#endif

TEST(Writer, DepthLimit) {
  auto deep = [](int n) {
    return [n](auto& w) {
      for (int i = 0; i < n; ++i) w.begin_array();
      for (int i = 0; i < n; ++i) w.end_array();
    };
  };
  EXPECT_EQ(emit_error(deep(512)), prism::error_code::none);
  EXPECT_EQ(emit_error(deep(513)), prism::error_code::depth_exceeded);
  EXPECT_EQ(emit_error(deep(20), {.max_depth = 10}), prism::error_code::depth_exceeded);
}

TEST(Writer, RawValuesAndStringsInPieces) {
  auto s = emit([](auto& w) {
    w.begin_array();
    w.raw_value(R"({"already":"json"})");
    w.begin_string();
    w.string_chunk_raw("ab", 2);
    w.string_chunk("\"c\"");
    w.end_string();
    w.value('q');
    w.end_array();
  });
  EXPECT_EQ(s, R"([{"already":"json"},"ab\"c\"","q"])");
}

}  // namespace
