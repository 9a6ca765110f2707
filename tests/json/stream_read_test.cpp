// Reading from streams: FILE*, file descriptors, std::istream and any byte reader, including one that hands
// over a single byte at a time, so every value is cut at every possible point; records from a top-level
// array and from newline-delimited JSON, with errors placed in the whole stream; memory bounded by a record.
#include <prism/prism.hpp>

#include <gtest/gtest.h>

#include <cstdio>
#include <sstream>
#include <string>
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

}  // namespace
