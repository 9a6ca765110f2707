// Conformance with JSONTestSuite (tests/data/JSONTestSuite/test_parsing): every y_ case must be accepted
// and every n_ case rejected, by prism::json::validate, the tokenizer under the typed reader and `prism check`.
// What prism does with each implementation-defined i_ case is recorded in tests/golden/jsontestsuite_i.txt
// (documented in docs/reading.md), so a change of behaviour fails here until the record is updated with
// PRISM_UPDATE_GOLDEN=1. A missing suite is a failure, never a skip.
#include <prism/prism.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "jsontestsuite.hpp"

namespace {

namespace fs = std::filesystem;

using jsontestsuite::cases;
using jsontestsuite::read_file;
using jsontestsuite::suite;
const fs::path record = fs::path(PRISM_SOURCE_DIR) / "tests" / "golden" / "jsontestsuite_i.txt";

TEST(Conformance, SuiteIsPresent) {
  ASSERT_TRUE(fs::is_directory(suite)) << suite << " is missing: CMake lays the cases out there from tests/data";
  EXPECT_EQ(cases('y').size(), 95u);
  EXPECT_EQ(cases('n').size(), 188u);
  EXPECT_EQ(cases('i').size(), 35u);
}

TEST(Conformance, AcceptsEveryY) {
  auto all = cases('y');
  ASSERT_FALSE(all.empty());
  std::size_t accepted = 0;
  for (const auto& f : all) {
    auto r = prism::json::validate(read_file(f));
    EXPECT_TRUE(r.has_value()) << f.filename() << ": " << r.error().message();
    accepted += r.has_value();
  }
  std::printf("y_: %zu of %zu accepted\n", accepted, all.size());
}

TEST(Conformance, RejectsEveryN) {
  auto all = cases('n');
  ASSERT_FALSE(all.empty());
  std::size_t rejected = 0;
  for (const auto& f : all) {
    std::string text = read_file(f);
    auto r = prism::json::validate(text);
    EXPECT_FALSE(r.has_value()) << f.filename() << " was accepted";
    if (r.has_value()) continue;
    ++rejected;
    // every rejection says where: a line and column inside (or just past) the input
    const prism::error& e = r.error();
    EXPECT_GE(e.line, 1u) << f.filename();
    EXPECT_GE(e.column, 1u) << f.filename();
    EXPECT_LE(e.offset, text.size()) << f.filename();
  }
  std::printf("n_: %zu of %zu rejected\n", rejected, all.size());
}

TEST(Conformance, ImplementationDefinedMatchRecord) {
  auto all = cases('i');
  ASSERT_FALSE(all.empty());
  std::string actual;
  for (const auto& f : all) {
    auto r = prism::json::validate(read_file(f));
    actual += f.filename().string() + ": " + (r ? "accepted" : "rejected: " + r.error().message()) + "\n";
  }
  if (std::getenv("PRISM_UPDATE_GOLDEN")) {
    std::ofstream(record, std::ios::binary) << actual;
    GTEST_SKIP() << "rewrote " << record;
  }
  EXPECT_EQ(actual, read_file(record)) << "i_ behaviour changed; review, then PRISM_UPDATE_GOLDEN=1";
}

/// Hands over one byte per read, so the streaming walk meets a refill at every point of every case.
struct byte_at_a_time {
  std::string_view text;
  std::ptrdiff_t read(char* p, std::size_t n) {
    if (text.empty() || n == 0) return 0;
    *p = text.front();
    text.remove_prefix(1);
    return 1;
  }
};

// The streaming walk (`prism check`, `prism fmt`) agrees with validate on every case, cut at every byte.
TEST(Conformance, StreamingWalkAgrees) {
  std::size_t agreed = 0, total = 0;
  for (char prefix : {'y', 'n', 'i'}) {
    for (const auto& f : cases(prefix)) {
      std::string text = read_file(f);
      auto whole = prism::json::validate(text);
      auto streamed = prism::json::validate(byte_at_a_time{text});
      ++total;
      EXPECT_EQ(whole.has_value(), streamed.has_value()) << f.filename();
      if (whole.has_value() != streamed.has_value()) continue;
      ++agreed;
      if (!whole) {
        EXPECT_EQ(whole.error().code, streamed.error().code) << f.filename() << ": " << streamed.error().message();
      }
    }
  }
  EXPECT_EQ(total, 318u);
  std::printf("streaming walk: %zu of %zu agree\n", agreed, total);
}

// Deep in a large array or object, past the bytes after which a skip hands the walk to 64-byte blocks (on CPUs with
// AVX2), every case gets the verdict, error code and error offset it gets near the start, where the byte-by-byte
// walk takes it; and a y_ case is accepted there too. A string of 0 to 63 bytes between where the blocks start and
// the case puts the case at every offset within a block.
TEST(Conformance, BlockWalkAgrees) {
  const std::string pad(300, 'x');
  std::size_t agreed = 0, total = 0;
  for (char prefix : {'y', 'n', 'i'}) {
    for (const auto& f : cases(prefix)) {
      const std::string text = read_file(f);
      for (std::size_t shift = 0; shift < 64; ++shift) {
        for (bool object : {false, true}) {
          const std::string before = object ? "{\"a\":\"" : "[\"";
          const std::string after = "\"," + std::string(object ? "\"b\":\"" : "\"") + std::string(shift, 'y') + "\"," +
                                    (object ? "\"c\":" : "") + text + (object ? "}" : "]");
          const std::string near = before + after, deep = before + pad + after;
          auto n = prism::json::validate(near), d = prism::json::validate(deep);
          ++total;
          EXPECT_EQ(n.has_value(), d.has_value()) << f.filename() << " at " << shift << (object ? " in {}" : " in []");
          if (prefix == 'y') {
            EXPECT_TRUE(d.has_value()) << f.filename() << " at " << shift << ": " << d.error().message();
          }
          if (n.has_value() != d.has_value()) continue;
          if (!n) {
            EXPECT_EQ(n.error().code, d.error().code) << f.filename() << " at " << shift << ": " << d.error().message();
            EXPECT_EQ(n.error().offset + pad.size(), d.error().offset) << f.filename() << " at " << shift;
            if (n.error().code != d.error().code || n.error().offset + pad.size() != d.error().offset) continue;
          }
          ++agreed;
        }
      }
    }
  }
  EXPECT_EQ(total, 64 * 2 * 318u);
  std::printf("deep in a large value: %zu of %zu agree\n", agreed, total);
}

#if defined(PRISM_AVX2_STRINGS)
/// Whether the two classifiers agree on every block of text from start (up to a block that is not valid UTF-8, where
/// the walk stops); counts the blocks. Compiled for AVX2: the carries are AVX2 registers.
[[gnu::target("avx2")]] std::string classifiers_disagree(const std::string& text, std::size_t start, std::size_t& blocks) {
  namespace d = prism::json::detail;
  __m256i before2 = _mm256_setzero_si256(), before512 = _mm256_setzero_si256();
  unsigned high2 = 0, high512 = 0;
  for (std::size_t at = start; at < text.size(); at += 64, ++blocks) {
    const d::block_bits a = d::block_bits_avx2(text.data() + at, text.size() - at, before2, high2);
    const d::block_bits b = d::block_bits_avx512(text.data() + at, text.size() - at, before512, high512);
    if (a.quote != b.quote || a.backslash != b.backslash || a.whitespace != b.whitespace ||
        a.structure != b.structure || a.control != b.control || a.valid_utf8 != b.valid_utf8)
      return "block at " + std::to_string(at) + " of a " + std::to_string(text.size()) + "-byte text";
    if (!a.valid_utf8) break;
  }
  return {};
}

// The two classifiers of the blocks' walk (AVX-512 where the CPU has it, else AVX2) give the same bits for every block
// of every case and of the benchmark documents, at every offset of a block: the walk tests above run only one of
// them on a given CPU.
TEST(Conformance, BlockClassifiersAgree) {
  namespace d = prism::json::detail;
  if (!d::has_avx2_clmul() || !d::has_avx512bw()) GTEST_SKIP() << "this CPU runs only one of the classifiers";
  std::vector<std::string> texts;
  for (char prefix : {'y', 'n', 'i'})
    for (const auto& f : cases(prefix)) texts.push_back(read_file(f));
  for (const char* name : {"twitter.json", "canada.json"}) texts.push_back(read_file(fs::path(PRISM_DATA_DIR) / "json" / name));
  std::string ascii;  // every ASCII byte, each at every offset of a block
  for (int i = 0; i < 65; ++i)
    for (int ch = 0; ch < 128; ++ch) ascii += static_cast<char>(ch);
  texts.push_back(ascii);
  std::size_t blocks = 0;
  for (const std::string& text : texts) {
    const std::size_t starts = text.size() > 100000 ? 1 : std::min<std::size_t>(64, text.size());  // large ones once
    for (std::size_t start = 0; start < starts; ++start) {
      const std::string where = classifiers_disagree(text, start, blocks);
      ASSERT_TRUE(where.empty()) << where;
    }
  }
  EXPECT_GT(blocks, 40000u);
}
#endif

// The typed reader on the number cases validate accepts but a double cannot hold: an error, not infinity.
TEST(Conformance, HugeNumbersAreOutOfRangeForDouble) {
  for (const char* name : {"i_number_huge_exp.json", "i_number_real_pos_overflow.json", "i_number_real_neg_overflow.json",
                           "i_number_neg_int_huge_exp.json", "i_number_pos_double_huge_exp.json"}) {
    std::string text = read_file(suite / name);
    auto r = prism::json::read<std::vector<double>>(text);
    ASSERT_FALSE(r.has_value()) << name;
    EXPECT_EQ(r.error().code, prism::error_code::out_of_range) << name;
  }
  // underflow is no error: the nearest double is zero
  auto tiny = prism::json::read<std::vector<double>>(read_file(suite / "i_number_real_underflow.json"));
  ASSERT_TRUE(tiny.has_value());
  EXPECT_EQ((*tiny)[0], 0.0);
}

}  // namespace
