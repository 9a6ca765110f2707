// Reading from streams: FILE*, file descriptors, std::istream and any byte reader, including one that hands
// over a single byte at a time, so every value is cut at every possible point; records from a top-level
// array and from newline-delimited JSON, with errors placed in the whole stream; memory bounded by a record.
#include <prism/prism.hpp>

#include <gtest/gtest.h>

#include <cstdio>
#include <deque>
#include <list>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <tuple>
#include <variant>
#include <vector>

#include "../../models/twitter.hpp"

namespace {

struct event {
  std::string kind;
  int id = 0;
  std::vector<double> values;
  friend bool operator==(const event&, const event&) = default;
};

/// Serves a string in pieces of `step` bytes: exercises every refill boundary.
struct trickle_reader {
  std::string_view text;
  std::size_t step = 1;
  std::ptrdiff_t read(char* p, std::size_t n) {
    std::size_t k = std::min({n, step, text.size()});
    std::memcpy(p, text.data(), k);
    text.remove_prefix(k);
    return static_cast<std::ptrdiff_t>(k);
  }
};

/// Fails after handing over `good` bytes.
struct failing_reader {
  std::string_view text;
  std::ptrdiff_t read(char* p, std::size_t n) {
    if (text.empty()) return -1;
    std::size_t k = std::min(n, text.size());
    std::memcpy(p, text.data(), k);
    text.remove_prefix(k);
    return static_cast<std::ptrdiff_t>(k);
  }
};

/// Serves `prefix`, then `fill` without end; counts what it served.
struct endless_reader {
  std::string prefix;
  char fill = 0;
  std::size_t served = 0;
  std::ptrdiff_t read(char* p, std::size_t n) {
    for (std::size_t k = 0; k < n; ++k) p[k] = served + k < prefix.size() ? prefix[served + k] : fill;
    served += n;
    return static_cast<std::ptrdiff_t>(n);
  }
};

const std::string events_json =
    R"([{"kind": "a", "id": 1, "values": [1.5, 2]}, {"kind": "b\n\"q\"", "id": 2, "values": []},)"
    "\n" R"( {"kind": "[{", "id": 3, "values": [-0.25e-3]}])";

std::vector<event> expected_events() {
  return {{"a", 1, {1.5, 2}}, {"b\n\"q\"", 2, {}}, {"[{", 3, {-0.25e-3}}};
}

TEST(StreamRead, ArrayElementByElementAtEveryCut) {
  for (std::size_t step : {1u, 2u, 3u, 7u, 64u, 100000u}) {
    auto r = prism::json::read<std::vector<event>>(trickle_reader{events_json, step});
    ASSERT_TRUE(r.has_value()) << step << ": " << r.error().message();
    EXPECT_EQ(*r, expected_events()) << step;
  }
}

TEST(StreamRead, FileDescriptorFileAndIstream) {
  std::FILE* f = std::tmpfile();
  ASSERT_NE(f, nullptr);
  std::fputs(events_json.c_str(), f);
  std::rewind(f);
  EXPECT_EQ(prism::json::read<std::vector<event>>(f).value(), expected_events());
  std::rewind(f);
  EXPECT_EQ(prism::json::read<std::vector<event>>(prism::io::fd_reader{fileno(f)}).value(), expected_events());
  std::fclose(f);
  std::istringstream in(events_json);
  EXPECT_EQ(prism::json::read<std::vector<event>>(in).value(), expected_events());
  std::istringstream one(R"( {"kind": "x", "id": 9, "values": [1]} )");
  EXPECT_EQ(prism::json::read<event>(one).value(), (event{"x", 9, {1}}));
}

TEST(StreamRead, ErrorsCarryStreamLineAndColumn) {
  std::string text = "[{\"kind\": \"a\", \"id\": 1},\n {\"kind\": \"b\", \"id\": \"two\"}]";
  for (std::size_t step : {1u, 5u, 4096u}) {
    auto r = prism::json::read<std::vector<event>>(trickle_reader{text, step});
    ASSERT_FALSE(r.has_value());
    EXPECT_EQ(r.error().message(), "expected integer, found string at $[1].id (line 2, column 22)") << step;
    EXPECT_EQ(r.error().offset, text.find("\"two\""));
  }
  auto trailing = prism::json::read<event>(trickle_reader{"{} x", 1});
  EXPECT_EQ(trailing.error().code, prism::error_code::trailing_content);
  auto cut = prism::json::read<std::vector<event>>(trickle_reader{"[{\"kind\": \"a\"", 1});
  EXPECT_EQ(cut.error().code, prism::error_code::unexpected_end);
  auto broken = prism::json::read<std::vector<event>>(failing_reader{"[{\"kind\": \"a\"}, "});
  EXPECT_EQ(broken.error().code, prism::error_code::source_failed);
}

TEST(StreamRead, RecordsFromAnArrayAndFromNdjson) {
  std::vector<event> got;
  auto n = prism::json::read_records<event>(trickle_reader{events_json, 3}, [&](event&& e) { got.push_back(std::move(e)); });
  ASSERT_TRUE(n.has_value()) << n.error().message();
  EXPECT_EQ(*n, 3u);
  EXPECT_EQ(got, expected_events());

  std::string ndjson = "{\"kind\": \"a\", \"id\": 1}\n{\"kind\": \"b\", \"id\": 2}\n\n{\"kind\": \"c\", \"id\": 3}\n";
  got.clear();
  n = prism::json::read_records<event>(trickle_reader{ndjson, 2}, [&](event&& e) {
    got.push_back(std::move(e));
    return got.size() < 2;  // stop after two
  });
  ASSERT_TRUE(n.has_value());
  EXPECT_EQ(*n, 2u);
  EXPECT_EQ(got[1].kind, "b");

  auto bad = prism::json::read_records<event>(trickle_reader{"{\"id\": 1}\n{\"id\": 2}\n{\"id\": x}\n", 1}, [](event&&) {});
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error().line, 3u);
  EXPECT_EQ(bad.error().code, prism::error_code::syntax_error);
  auto bad_element = prism::json::read_records<event>(trickle_reader{"[{\"id\": 1}, {\"id\": true}]", 4}, [](event&&) {});
  EXPECT_EQ(bad_element.error().path, "$[1].id");
}

/// Many records through a small reader: the buffer stays near the size of one record.
TEST(StreamRead, MemoryBoundedByTheLargestRecord) {
  struct generator {
    std::size_t left;
    std::string pending;
    std::ptrdiff_t read(char* p, std::size_t n) {
      if (pending.empty()) {
        if (left == 0) return 0;
        --left;
        pending = "{\"kind\": \"" + std::string(100, 'k') + "\", \"id\": 7, \"values\": [1, 2, 3]}\n";
      }
      std::size_t k = std::min(n, pending.size());
      std::memcpy(p, pending.data(), k);
      pending.erase(0, k);
      return static_cast<std::ptrdiff_t>(k);
    }
  };
  std::size_t seen = 0;
  auto n = prism::json::read_records<event>(generator{200000, {}}, [&](event&& e) { seen += e.id == 7; });
  ASSERT_TRUE(n.has_value()) << n.error().message();
  EXPECT_EQ(*n, 200000u);
  EXPECT_EQ(seen, 200000u);
}

TEST(StreamRead, TwitterFromAFile) {
  std::string path = std::string(PRISM_DATA_DIR) + "/json/twitter.json";
  std::FILE* f = std::fopen(path.c_str(), "rb");
  ASSERT_NE(f, nullptr) << path;
  auto r = prism::json::read<twitter::search_response>(f);
  std::fclose(f);
  ASSERT_TRUE(r.has_value()) << r.error().message();
  EXPECT_EQ(r->statuses.size(), 100u);
}


// Records that are arrays, one a line: read_options::framing says so, where the default takes a leading '[' for
// one array of records.
TEST(StreamRead, RecordsFramedAsTheCallerSays) {
  using prism::json::record_framing;
  const std::string lines = "[1, 2]\n[3]\n[]\n";
  std::vector<std::vector<int>> got;
  auto collect = [&](std::vector<int>&& v) { got.push_back(std::move(v)); };
  trickle_reader as_values{lines, 2};
  auto n = prism::json::read_records<std::vector<int>>(as_values, collect, {.framing = record_framing::values});
  ASSERT_TRUE(n) << n.error().message();
  EXPECT_EQ(*n, 3u);
  EXPECT_EQ(got, (std::vector<std::vector<int>>{{1, 2}, {3}, {}}));

  trickle_reader detected{lines, 2};  // the default: the first '[' opens one array of ints, and the second line is extra
  auto guessed = prism::json::read_records<int>(detected, [](int&&) {});
  ASSERT_FALSE(guessed);
  EXPECT_EQ(guessed.error().code, prism::error_code::trailing_content);

  trickle_reader not_an_array{"{\"kind\": \"a\"}\n", 3};
  auto refused = prism::json::read_records<event>(not_an_array, [](event&&) {}, {.framing = record_framing::array});
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().message(), "expected '[', found object at $ (line 1, column 1)");
  trickle_reader empty{"", 1};
  EXPECT_EQ(prism::json::read_records<event>(empty, [](event&&) {}, {.framing = record_framing::array}).error().code,
            prism::error_code::unexpected_end);
  trickle_reader nothing{" \n", 1};
  EXPECT_EQ(prism::json::read_records<event>(nothing, [](event&&) {}).value(), 0u);
}

// After an error a sequence holds the elements read before the one the error is in, read from memory or from a
// stream alike, over a longer sequence or a shorter one.
template <class Seq>
void expect_same_state_after_an_error() {
  for (const char* text : {R"([1, 2, "x", 4])", "[1, 2, 3", "[1, 2, 3 4]", R"([1, {"a": 1}])", "[[1]]"}) {
    for (std::size_t held : {0u, 1u, 5u}) {
      Seq from_memory, from_stream;
      for (std::size_t i = 0; i < held; ++i) from_memory.insert(from_memory.end(), 9), from_stream.insert(from_stream.end(), 9);
      ASSERT_FALSE(prism::json::read_into(std::string_view(text), from_memory));
      std::istringstream in(text);
      ASSERT_FALSE(prism::json::read_into(in, from_stream));
      EXPECT_EQ(std::vector<int>(from_memory.begin(), from_memory.end()), std::vector<int>(from_stream.begin(), from_stream.end()))
          << text << " over " << held << " elements";
      EXPECT_LE(from_memory.size(), 3u) << text;  // never an element held before the read
    }
  }
}

TEST(StreamRead, ASequenceHoldsTheElementsReadBeforeAnError) {
  expect_same_state_after_an_error<std::vector<int>>();
  expect_same_state_after_an_error<std::deque<int>>();
  expect_same_state_after_an_error<std::list<int>>();
  expect_same_state_after_an_error<std::vector<double>>();
}

// ---- memory on a stream of garbage or of one endless value -----------------------------------------------

// A byte that cannot begin or continue a value is reported where it is, after at most one buffer's read (64 KiB),
// not after buffering the stream to its end (which for /dev/zero never comes).
TEST(StreamRead, GarbageIsReportedBeforeItIsBuffered) {
  struct garbage_case {
    std::string prefix;
    char fill;
    prism::error_code code;
    std::size_t column;
  };
  const garbage_case cases[] = {
      {"", '\0', prism::error_code::syntax_error, 1},          {"[", '\0', prism::error_code::syntax_error, 2},
      {R"({"a": )", '\0', prism::error_code::syntax_error, 7},  {R"(["abc)", '\0', prism::error_code::invalid_string, 6},
      {"[1", '\x01', prism::error_code::syntax_error, 3},        {R"({"a": [tru)", '\xff', prism::error_code::syntax_error, 8},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.prefix);
    endless_reader validating{c.prefix, c.fill};
    auto v = prism::json::validate(validating);
    ASSERT_FALSE(v);
    EXPECT_EQ(v.error().code, c.code) << v.error().message();
    EXPECT_EQ(v.error().line, 1u);
    EXPECT_EQ(v.error().column, c.column) << v.error().message();
    EXPECT_LE(validating.served, prism::json::detail::walk_window);  // one read of the walk's window
    endless_reader typed{c.prefix, c.fill};
    std::vector<std::map<std::string, std::vector<bool>>> out;
    auto r = prism::json::read_into(typed, out);
    ASSERT_FALSE(r);
    EXPECT_LE(typed.served, std::size_t{64} * 1024);  // typed reads frame value by value, 64 KiB at a time
  }
}

// One value that never ends: a string, a number, a record read whole. Past max_stream_frame it is an error, and the
// stream holds no more than that.
TEST(StreamRead, OneEndlessValueStopsAtTheFrameLimit) {
  const std::size_t limit = std::size_t{1} << 20;
  for (auto [prefix, fill] : {std::pair<std::string, char>{"\"", 'a'}, {"[1", '0'}, {R"({"kind": ")", 'x'}}) {
    SCOPED_TRACE(prefix);
    endless_reader in{prefix, fill};
    auto v = prism::json::validate(in, {.max_stream_frame = limit});
    ASSERT_FALSE(v);
    EXPECT_EQ(v.error().code, prism::error_code::limit_exceeded);
    EXPECT_NE(v.error().message().find("max_stream_frame (1048576 bytes)"), std::string::npos) << v.error().message();
    EXPECT_LE(in.served, 2 * limit + 64 * 1024);
    endless_reader typed{prefix, fill};
    std::vector<event> out;
    event one;
    auto r = prefix[0] == '{' ? prism::json::read_into(typed, one, {.max_stream_frame = limit})
                              : prism::json::read_into(typed, out, {.max_stream_frame = limit});
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, prism::error_code::limit_exceeded) << r.error().message();
    EXPECT_LE(typed.served, 2 * limit + 64 * 1024);
  }
  // and a value just under the limit still reads
  std::string doc = "\"" + std::string(1000, 'a') + "\"";
  std::istringstream in(doc);
  EXPECT_TRUE(prism::json::validate(in, {.max_stream_frame = 1002}));
  std::istringstream over(doc);
  EXPECT_EQ(prism::json::validate(over, {.max_stream_frame = 1001}).error().code, prism::error_code::limit_exceeded);
}

// ---- the same answer from every path ------------------------------------------------------------------

// The streaming walk (prism check, validate of a stream) and the contiguous reader give the same verdict, code,
// message and position on every input: generated from valid documents by cutting, inserting, replacing and
// deleting bytes (fixed seed), read from memory, from a std::istream, and from readers that hand over one byte and
// seven bytes at a time.
TEST(StreamRead, StreamAndMemoryGiveTheSameAnswer) {
  const std::string bases[] = {
      R"({"a": [1, -2.5e3, true, false, null], "b": {"c": "d\u00e9\n", "e": []}, "f": {}})",
      R"([{"id": 1, "tags": ["x", "y"]}, {"id": 2, "s": "\ud83d\ude00 \"q\""}, 0, -0.0, 1E+2])",
      "[\n  \"\xc3\xa9t\xc3\xa9\",\n  123456789012345678901234567890,\n  [[], [{}]]\n]",
      R"("a string with \\ and \/ escapes")", "12345", "true", R"({"nested": {"deeper": {"deepest": [null]}}})",
  };
  const std::string inserts = "{}[],:\"\\ \n0123456789-+.eEtrufalsnx\x01\x80\xff";
  std::mt19937 rng(2026);
  std::size_t cases = 0, invalid = 0;
  auto message = [](const prism::result<void>& r) { return r ? std::string("valid") : r.error().message(); };
  for (int round = 0; round < 3000; ++round) {
    std::string doc = bases[rng() % std::size(bases)];
    for (int edits = 1 + static_cast<int>(rng() % 3); edits > 0 && !doc.empty(); --edits) {
      std::size_t at = rng() % doc.size();
      char ch = inserts[rng() % inserts.size()];
      switch (rng() % 4) {
        case 0: doc.resize(at); break;
        case 1: doc.insert(doc.begin() + static_cast<std::ptrdiff_t>(at), ch); break;
        case 2: doc[at] = ch; break;
        default: doc.erase(at, 1); break;
      }
    }
    ++cases;
    auto memory = prism::json::validate(std::string_view(doc));
    invalid += !memory;
    std::istringstream in(doc);
    trickle_reader one{doc, 1}, seven{doc, 7};
    for (const auto& streamed : {prism::json::validate(in), prism::json::validate(one), prism::json::validate(seven)}) {
      ASSERT_EQ(message(streamed), message(memory)) << "input: " << doc;
      if (!memory) {
        EXPECT_EQ(streamed.error().code, memory.error().code) << doc;
        EXPECT_EQ(streamed.error().offset, memory.error().offset) << doc;
      }
    }
  }
  EXPECT_GT(invalid, cases / 2);  // most edits break the document: the errors are what is compared
}

// What fuzz_validate found differing (tests/fuzz/regressions/fuzz_validate/stream_*): a string with invalid UTF-8
// and no end, and a word of lower and upper case letters where a value belongs.
TEST(StreamRead, StreamAndMemoryAgreeOnFuzzFindings) {
  for (std::string doc : {std::string("[\"ab\xff\xfe" "cdefgh"), std::string("[{ttttTtttttttttt\x8c\x9b, ]")}) {
    auto memory = prism::json::validate(std::string_view(doc));
    ASSERT_FALSE(memory);
    for (std::size_t step : {1u, 3u, 64u}) {
      trickle_reader in{doc, step};
      auto streamed = prism::json::validate(in);
      ASSERT_FALSE(streamed);
      EXPECT_EQ(streamed.error().message(), memory.error().message()) << "step " << step;
    }
  }
}

/// `text` without the whitespace outside its strings: what compact reformatting must give, counted by hand.
std::string without_whitespace(std::string_view text) {
  std::string out;
  bool in_string = false, escaped = false;
  for (char ch : text) {
    if (in_string) {
      if (escaped) escaped = false;
      else if (ch == '\\') escaped = true;
      else if (ch == '"') in_string = false;
    } else if (ch == ' ' || ch == '\n' || ch == '\r' || ch == '\t') {
      continue;
    } else {
      in_string = ch == '"';
    }
    out += ch;
  }
  return out;
}

// The walk stops before any token a window may hold only part of and resumes there: reformatting writes each token
// once and in place however the stream is cut, and compact output is the input without its whitespace.
TEST(StreamRead, ReformatIsTheSameAtEveryCut) {
  std::string nested;
  for (int i = 0; i < 40; ++i) nested += R"({"k\"ey": [1.5e-7, "v\u00e9", [], {}, true, null, )";
  nested += "0";
  for (int i = 0; i < 40; ++i) nested += "]}";
  for (std::string doc : {std::string(R"({"a": [1, -2.5e3, true, false, null], "b": {"c": "d\u00e9\n", "e": []}})"),
                          std::string("[\n  \"\xc3\xa9t\xc3\xa9\",\n  123456789012345678901234567890,\n  [[], [{}]]\n]"),
                          std::string("  12345  "), std::string("\"s\""), std::string("[ ]"), nested}) {
    SCOPED_TRACE(doc.substr(0, 60));
    for (int indent : {0, 2}) {
      std::string whole;
      std::istringstream in(doc);
      ASSERT_TRUE(prism::json::reformat(in, whole, {.indent = indent}));
      if (indent == 0) {
        EXPECT_EQ(whole, without_whitespace(doc));
      }
      std::string from_memory;
      ASSERT_TRUE(prism::json::reformat(doc, from_memory, {.indent = indent}));
      EXPECT_EQ(from_memory, whole);
      EXPECT_TRUE(prism::json::validate(std::string_view(whole)));
      for (std::size_t step : {1u, 2u, 7u, 63u, 64u, 65u}) {
        std::string cut;
        trickle_reader piecewise{doc, step};
        ASSERT_TRUE(prism::json::reformat(piecewise, cut, {.indent = indent})) << "step " << step;
        EXPECT_EQ(cut, whole) << "step " << step;
      }
    }
  }
}

// Reformatting lays tokens out itself (layout_direct) unless strings are decoded, when the writer does: both give
// the same bytes wherever the strings need no decoding, at any indentation (past the 63 spaces one copy puts down),
// around tokens longer than a window, into a sink with the smallest windows, and fail alike past max_depth.
TEST(StreamRead, ReformatLaysOutAsTheWriterDoes) {
  std::string deep;
  for (int i = 0; i < 40; ++i) deep += R"({"key": [1, "v", [], {}, true, null, )";
  deep += "0";
  for (int i = 0; i < 40; ++i) deep += "]}";
  const std::string long_string = "[\"" + std::string(300000, 'x') + "\", {\"" + std::string(70, 'k') + "\": 1}]";
  for (const std::string& doc : {std::string(R"({"a": [1, -2.5e3, true, false, null], "b": {"c": "d", "e": []}})"),
                                 std::string("[[], [{}], {\"a\": {}}]"), std::string("7"), deep, long_string}) {
    SCOPED_TRACE(doc.substr(0, 60));
    for (int indent : {0, 1, 2, 4, 8}) {
      std::string direct, through_writer;
      std::istringstream a(doc), b(doc);
      ASSERT_TRUE(prism::json::reformat(a, direct, {.indent = indent}));
      ASSERT_TRUE(prism::json::reformat(b, through_writer, {.indent = indent}, {.replace_invalid_utf8 = true}));
      EXPECT_EQ(direct, through_writer) << "indent " << indent;
      std::string small;  // a sink whose windows are io::min_window bytes: every token goes down in pieces
      std::array<char, prism::io::min_window> buffer;
      prism::io::fixed_sink sink(std::span<char>(buffer), [&](std::string_view chunk) { return small += chunk, true; });
      std::istringstream c(doc);
      ASSERT_TRUE(prism::json::reformat(c, sink, {.indent = indent}));
      EXPECT_EQ(small, direct) << "indent " << indent;
    }
    std::string d, w;
    std::istringstream a(doc), b(doc);
    auto too_deep = prism::json::reformat(a, d, {.indent = 2, .max_depth = 3});
    auto too_deep_writer = prism::json::reformat(b, w, {.indent = 2, .max_depth = 3}, {.replace_invalid_utf8 = true});
    ASSERT_EQ(too_deep.has_value(), too_deep_writer.has_value());
    if (!too_deep) {
      EXPECT_EQ(too_deep.error().code, prism::error_code::depth_exceeded);
      EXPECT_EQ(too_deep.error().offset, too_deep_writer.error().offset);
      EXPECT_EQ(too_deep.error().message(), too_deep_writer.error().message());
    }
  }
}

// Text in memory is reformatted by the stream's walk over views of it, a window (1 MiB) at a time: the same bytes
// as from a stream around tokens that straddle its windows, and the same errors, placed in the whole text.
TEST(StreamRead, ReformatFromMemoryAsFromAStream) {
  std::string big = "[\n";
  for (int i = 0; i < 40000; ++i) big += "  {\"n\": " + std::to_string(i) + ", \"s\": \"\xc3\xa9t\xc3\xa9 " + std::to_string(i) + "\"},\n";
  big += "  \"" + std::string(3 << 20, 'x') + "\",\n  -12.5e-3\n]";
  ASSERT_GT(big.size(), std::size_t{4} << 20);  // past four windows
  for (int indent : {0, 2}) {
    std::string streamed, from_memory;
    std::istringstream in(big);
    ASSERT_TRUE(prism::json::reformat(in, streamed, {.indent = indent}));
    auto written = prism::json::reformat(big, from_memory, {.indent = indent});
    ASSERT_TRUE(written);
    EXPECT_EQ(*written, from_memory.size());
    EXPECT_EQ(from_memory, streamed) << "indent " << indent;
  }
  std::string opens = big.substr(0, big.size() - 12);  // cut inside the last number, at the end, and broken early
  std::string broken = big;
  broken[big.find("\"n\": 30000")] = '?';
  for (const std::string& doc : {opens, broken, std::string("[1, 2"), std::string(""), std::string("  ")}) {
    std::string a, b;
    std::istringstream in(doc);
    auto streamed = prism::json::reformat(in, a, {.indent = 2});
    auto from_memory = prism::json::reformat(doc, b, {.indent = 2});
    ASSERT_FALSE(streamed);
    ASSERT_FALSE(from_memory);
    EXPECT_EQ(from_memory.error().message(), streamed.error().message());
    EXPECT_EQ(from_memory.error().offset, streamed.error().offset);
    EXPECT_EQ(from_memory.error().line, streamed.error().line);
  }
  // A string longer than read_options::max_stream_frame bounds what a stream holds; text in memory is held already.
  std::string unbounded;
  EXPECT_TRUE(prism::json::reformat(big, unbounded, {}, {.max_stream_frame = 1024}));
}

// Lines and columns are counted as windows move on, in bulk: an error far into a long stream is placed as the
// contiguous reader places it, over lines of multi-byte characters, one long line, and any cut.
TEST(StreamRead, LinesAndColumnsAcrossWindows) {
  std::string many_lines = "[\n";
  for (int i = 0; i < 6000; ++i) many_lines += "  \"\xc3\xa9l\xc3\xa9ment \xe2\x82\xac " + std::to_string(i) + "\",\n";
  std::string one_line = "[";
  for (int i = 0; i < 20000; ++i) one_line += "\"\xf0\x9f\x98\x80\", ";
  for (std::string doc : {many_lines, one_line}) {
    doc += "  tru ]";
    auto memory = prism::json::validate(std::string_view(doc));
    ASSERT_FALSE(memory);
    std::size_t line = 1, column = 1;  // counted here byte by byte: characters, not bytes
    for (std::size_t i = 0; i < memory.error().offset; ++i) {
      if (doc[i] == '\n') line += 1, column = 1;
      else column += (static_cast<unsigned char>(doc[i]) & 0xC0) != 0x80;
    }
    EXPECT_EQ(memory.error().line, line);
    EXPECT_EQ(memory.error().column, column);
    ASSERT_GT(line + column, 6000u);
    for (std::size_t step : {std::size_t{1}, std::size_t{4093}, std::size_t{65536}, std::size_t{1} << 20}) {
      trickle_reader in{doc, step};
      auto streamed = prism::json::validate(in);
      ASSERT_FALSE(streamed);
      EXPECT_EQ(streamed.error().message(), memory.error().message()) << "step " << step;
      EXPECT_EQ(streamed.error().line, memory.error().line);
      EXPECT_EQ(streamed.error().column, memory.error().column);
      EXPECT_EQ(streamed.error().offset, memory.error().offset);
    }
  }
}

// Open levels are kept across windows, past the 512 the walk holds inline and back below them again.
TEST(StreamRead, DeepNestingAcrossWindows) {
  std::string doc(500, '[');
  for (int round = 0; round < 3; ++round) doc += std::string(100, '[') + std::string(100, ']') + ",";
  doc += R"({"x": )" + std::string(1000, '[') + std::string(1000, ']') + "}" + std::string(500, ']');  // 1501 deep
  const prism::json::read_options deep{.max_depth = 1501};
  ASSERT_TRUE(prism::json::validate(std::string_view(doc), deep));
  for (std::size_t step : {1u, 7u, 4096u}) {
    trickle_reader in{doc, step};
    EXPECT_TRUE(prism::json::validate(in, deep)) << "step " << step;
    trickle_reader shallow{doc, step};
    auto r = prism::json::validate(shallow, {.max_depth = 1500});
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().message(), prism::json::validate(std::string_view(doc), {.max_depth = 1500}).error().message());
  }
}

// ---- text that outlives the stream ---------------------------------------------------------------------

struct labelled {
  int id = 0;
  std::string_view label;
  std::vector<const char*> aliases;
};

// Views into a stream's buffer would dangle (reading such a type without a pool does not compile:
// tests/compile_fail/dangling_view_*.cpp); with a pool their text lives as long as the pool, after the stream and
// its buffer are gone (AddressSanitizer would see a read of freed memory otherwise).
TEST(StreamRead, ViewsIntoAPoolOutliveTheStream) {
  const std::string text = R"({"id": 7, "label": "seven \"7\"", "aliases": ["sept", "sieben"]})";
  prism::string_pool pool;
  labelled from_istream;
  {
    std::istringstream in(text);
    from_istream = prism::json::read<labelled>(in, pool).value();
  }
  EXPECT_EQ(from_istream.label, "seven \"7\"");
  ASSERT_EQ(from_istream.aliases.size(), 2u);
  EXPECT_STREQ(from_istream.aliases[1], "sieben");

  labelled into{};
  {
    std::istringstream in(text);
    ASSERT_TRUE(prism::json::read_into(in, into, pool));
  }
  EXPECT_EQ(into.label, from_istream.label);
  EXPECT_EQ(into.label.data(), from_istream.label.data());  // interned: one copy of each text

  std::vector<labelled> records;
  {
    trickle_reader in{R"({"id": 1, "label": "one"}
{"id": 2, "label": "two", "aliases": ["deux"]})", 3};
    auto n = prism::json::read_records<labelled>(in, [&](labelled&& r) { records.push_back(r); }, pool);
    ASSERT_TRUE(n) << n.error().message();
  }
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[0].label, "one");
  EXPECT_STREQ(records[1].aliases[0], "deux");
}

// What the readers look for: a view anywhere in the type, also behind recursion; computed fields are not read.
struct tree {
  std::vector<std::unique_ptr<tree>> children;
  std::optional<std::map<std::string, std::variant<int, std::string_view>>> attributes;
};
struct plain_tree {
  std::vector<std::unique_ptr<plain_tree>> children;
  std::tuple<int, std::string> payload;
};
struct with_computed {
  int id;
  friend constexpr auto prism_describe(prism::type_t<with_computed>) {
    return prism::fields(prism::field("id", &with_computed::id),
                         prism::computed<with_computed>("kind", [](const with_computed&) { return std::string_view("x"); }));
  }
};
static_assert(prism::borrows_input<std::string_view> && prism::borrows_input<const char*>);
static_assert(!prism::borrows_input<std::string> && !prism::borrows_input<char[8]> && !prism::borrows_input<int>);
static_assert(prism::borrows_input<labelled> && prism::borrows_input<std::vector<labelled>>);
static_assert(prism::borrows_input<std::map<std::string_view, int>> && prism::borrows_input<std::pair<int, const char*>>);
static_assert(prism::borrows_input<std::string_view[2]> && prism::borrows_input<tree>);
static_assert(!prism::borrows_input<plain_tree> && !prism::borrows_input<with_computed>);
static_assert(!prism::borrows_input<event> && !prism::borrows_input<twitter::search_response>);

}  // namespace
