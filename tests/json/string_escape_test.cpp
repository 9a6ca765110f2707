// String escaping and UTF-8 validation against a plain reference written from the Unicode tables, on
// random strings built to hit every path: plain runs, escapes, valid and broken sequences, block edges.
#include <prism/prism.hpp>

#include <gtest/gtest.h>

#include <optional>
#include <random>
#include <cstring>
#include <string>
#include <string_view>

#if __has_include(<sys/mman.h>)
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace {

// Unicode 15, table 3-7: the well-formed byte sequences. Returns the length of the sequence at s[i], or
// minus the length of its maximal ill-formed subpart.
int reference_sequence(const std::string& s, std::size_t i, char32_t& cp) {
  auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  unsigned char b0 = b(i);
  if (b0 < 0x80) return cp = b0, 1;
  struct row {
    unsigned char first_lo, first_hi, second_lo, second_hi;
    int length;
  };
  static constexpr row table[] = {{0xC2, 0xDF, 0x80, 0xBF, 2}, {0xE0, 0xE0, 0xA0, 0xBF, 3}, {0xE1, 0xEC, 0x80, 0xBF, 3},
                                  {0xED, 0xED, 0x80, 0x9F, 3}, {0xEE, 0xEF, 0x80, 0xBF, 3}, {0xF0, 0xF0, 0x90, 0xBF, 4},
                                  {0xF1, 0xF3, 0x80, 0xBF, 4}, {0xF4, 0xF4, 0x80, 0x8F, 4}};
  for (const row& r : table) {
    if (b0 < r.first_lo || b0 > r.first_hi) continue;
    cp = b0 & (r.length == 2 ? 0x1F : r.length == 3 ? 0x0F : 0x07);
    for (int k = 1; k < r.length; ++k) {
      const std::size_t at = i + static_cast<std::size_t>(k);
      if (at >= s.size()) return -k;
      unsigned char lo = k == 1 ? r.second_lo : 0x80, hi = k == 1 ? r.second_hi : 0xBF;
      if (b(at) < lo || b(at) > hi) return -k;
      cp = (cp << 6) | (b(at) & 0x3F);
    }
    return r.length;
  }
  return -1;
}

std::string hex4(unsigned v) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "\\u%04x", v);
  return buf;
}

std::optional<std::string> reference_escape(const std::string& s, bool replace, bool ascii) {
  std::string out = "\"";
  for (std::size_t i = 0; i < s.size();) {
    char32_t cp = 0;
    int n = reference_sequence(s, i, cp);
    if (n < 0) {
      if (!replace) return std::nullopt;
      out += ascii ? "\\ufffd" : "\xEF\xBF\xBD";
      i += static_cast<std::size_t>(-n);
      continue;
    }
    if (cp == '"') out += "\\\"";
    else if (cp == '\\') out += "\\\\";
    else if (cp == '\n') out += "\\n";
    else if (cp == '\t') out += "\\t";
    else if (cp == '\r') out += "\\r";
    else if (cp == '\b') out += "\\b";
    else if (cp == '\f') out += "\\f";
    else if (cp < 0x20) out += hex4(cp);
    else if (cp >= 0x80 && ascii) {
      if (cp >= 0x10000) out += hex4(0xD800 + ((cp - 0x10000) >> 10)) + hex4(0xDC00 + ((cp - 0x10000) & 0x3FF));
      else out += hex4(cp);
    } else {
      out.append(s, i, static_cast<std::size_t>(n));
    }
    i += static_cast<std::size_t>(n);
  }
  return out + "\"";
}

// Pieces chosen so that random concatenations cover every branch, at every offset of a 16-byte block.
std::string random_string(std::mt19937& rng, std::size_t max_pieces = 24, int rare = 10) {
  static const char* const pieces[] = {
      "a", "plain text ", "0123456789abcdef", "\"", "\\", "\n", "\x01", "\x1f", "\x7f", "\xC3\xA9", "\xE6\x97\xA5",
      "\xF0\x9F\x98\x8B", "\xEF\xBF\xBF", "\xF4\x8F\xBF\xBF", "\x80", "\xBF", "\xC0\xAF", "\xC1", "\xC2", "\xE0\x80",
      "\xE0\xA0", "\xED\xA0\x80", "\xED\x9F\xBF", "\xF0\x8F\xBF\xBF", "\xF4\x90\x80\x80", "\xF5", "\xFF", "\xE6\x97",
      "\xF0\x9F\x98"};
  std::uniform_int_distribution<std::size_t> count(0, max_pieces), pick(0, std::size(pieces) - 1);
  std::uniform_int_distribution<int> mostly_valid(0, rare - 1);
  std::string s;
  for (std::size_t n = count(rng); n != 0; --n) {
    std::size_t k = pick(rng);
    if (k >= 14 && mostly_valid(rng) != 0) k %= 14;  // most strings stay valid, so the fast path runs long
    if (k >= 3 && k <= 8 && mostly_valid(rng) != 0) k = 9 + k % 5;  // and escapes stay few
    s += pieces[k];
  }
  return s;
}

template <class Sink>
std::optional<std::string> prism_escape(const std::string& s, const prism::json::write_options& o, Sink make) {
  std::string out;
  auto r = make(s, out, o);
  if (!r.has_value()) {
    EXPECT_EQ(r.error().code, prism::error_code::invalid_utf8);
    return std::nullopt;
  }
  return out;
}

TEST(StringEscape, RandomStringsMatchTheReferenceInEveryMode) {
  std::mt19937 rng(20261122);
  auto into_string = [](const std::string& s, std::string& out, const prism::json::write_options& o) {
    return prism::json::write(s, out, o);
  };
  auto through_64_bytes = [](const std::string& s, std::string& out, const prism::json::write_options& o) {
    char buf[64];
    prism::io::fixed_sink sink(std::span<char>(buf), [&](std::string_view c) {
      out.append(c);
      return true;
    });
    return prism::json::write(s, sink, o);
  };
  for (int i = 0; i < 100000; ++i) {
    // every fourth string is long with rare escapes and errors: the 32-byte path runs far
    std::string s = i % 4 == 3 ? random_string(rng, 120, 200) : random_string(rng);
    for (bool replace : {false, true}) {
      for (bool ascii : {false, true}) {
        prism::json::write_options o{.escape_non_ascii = ascii, .replace_invalid_utf8 = replace};
        auto want = reference_escape(s, replace, ascii);
        ASSERT_EQ(prism_escape(s, o, into_string), want) << "case " << i << " replace " << replace << " ascii " << ascii;
        ASSERT_EQ(prism_escape(s, o, through_64_bytes), want) << "case " << i;
      }
    }
  }
}

TEST(StringEscape, ValidTextIsCopiedUnchangedAtEveryLengthAndOffset) {
  std::string text = "ascii \xE5\x90\x8D\xE5\x89\x8D \xF0\x9F\x98\x8B \xC3\xA9 more ascii to cross blocks 0123456789";
  for (std::size_t begin = 0; begin < 20; ++begin) {
    for (std::size_t len = 0; begin + len <= text.size(); ++len) {
      std::string piece = text.substr(begin, len);
      auto want = reference_escape(piece, false, false);
      auto got = prism::json::to_string(piece);
      ASSERT_EQ(got.has_value(), want.has_value()) << begin << "+" << len;
      if (want) {
        ASSERT_EQ(*got, *want);
      }
    }
  }
}

TEST(StringEscape, EveryBrokenSequenceAtEveryOffsetOfLongText) {
  // Long text, so the 32-byte path runs; each broken or edge sequence lands at every offset of a block, after
  // ASCII and after 3-byte characters, and is followed by more text.
  const char* const pieces[] = {"\x80", "\xBF", "\xC0\xAF", "\xC1\xBF", "\xC2", "\xC2\x80", "\xDF\xBF", "\xE0\x80\x80",
                                "\xE0\x9F\xBF", "\xE0\xA0\x80", "\xE0\xA0", "\xED\x9F\xBF", "\xED\xA0\x80",
                                "\xEE\x80\x80", "\xF0\x8F\xBF\xBF", "\xF0\x90\x80\x80", "\xF0\x90\x80", "\xF4\x8F\xBF\xBF",
                                "\xF4\x90\x80\x80", "\xF5\x80\x80\x80", "\xF8", "\xFF", "\x80\x80", "\"", "\n"};
  for (const char* filler : {"a", "\xE6\x97\xA5"}) {
    for (std::size_t before = 0; before < 40; ++before) {
      for (const char* piece : pieces) {
        std::string s;
        while (s.size() < before) s += filler;
        s += piece;
        for (int i = 0; i < 20; ++i) s += filler;
        for (bool replace : {false, true}) {
          auto want = reference_escape(s, replace, false);
          auto got = prism::json::to_string(s, {.replace_invalid_utf8 = replace});
          ASSERT_EQ(got.has_value(), want.has_value()) << before << " " << piece;
          if (want) {
            ASSERT_EQ(*got, *want) << before << " " << piece;
          }
        }
      }
    }
  }
}


// Reading: the document of raw text s, its ASCII specials escaped and every other byte, valid or not, as it is.
// first_error is the document offset of s's first broken sequence, if any; replaced what replace_invalid_utf8
// reads (U+FFFD for each maximal broken part).
struct raw_document {
  std::string json = "\"";
  std::optional<std::size_t> first_error;
  std::string replaced;
};

raw_document raw_document_of(const std::string& s) {
  raw_document d;
  for (std::size_t i = 0; i < s.size();) {
    char32_t cp = 0;
    int n = reference_sequence(s, i, cp);
    if (n < 0) {
      if (!d.first_error) d.first_error = d.json.size();
      d.json.append(s, i, static_cast<std::size_t>(-n));
      d.replaced += "\xEF\xBF\xBD";
      i += static_cast<std::size_t>(-n);
      continue;
    }
    if (cp == '"' || cp == '\\' || cp < 0x20) d.json += cp == '"' ? "\\\"" : cp == '\\' ? "\\\\" : hex4(cp);
    else d.json.append(s, i, static_cast<std::size_t>(n));
    d.replaced.append(s, i, static_cast<std::size_t>(n));
    i += static_cast<std::size_t>(n);
  }
  d.json += '"';
  return d;
}

struct holds_a {
  int a = 0;
};

// Reads s's document as a string (strict, and replacing), and skipped as an unknown key's value: each must agree
// with the reference on whether it is valid, on the offset of the first error and on the text read.
void expect_read_matches_reference(const std::string& s, const std::string& what) {
  const raw_document d = raw_document_of(s);
  auto strict = prism::json::read<std::string>(d.json);
  ASSERT_EQ(strict.has_value(), !d.first_error) << what;
  if (d.first_error) {
    EXPECT_EQ(strict.error().code, prism::error_code::invalid_utf8) << what;
    EXPECT_EQ(strict.error().offset, *d.first_error) << what;
  } else {
    EXPECT_EQ(*strict, s) << what;
  }
  auto replacing = prism::json::read<std::string>(d.json, {.replace_invalid_utf8 = true});
  ASSERT_TRUE(replacing.has_value()) << what;
  EXPECT_EQ(*replacing, d.replaced) << what;
  const std::string doc = "{\"x\":" + d.json + ",\"a\":1}";
  auto skipped = prism::json::read<holds_a>(doc);
  ASSERT_EQ(skipped.has_value(), !d.first_error) << what;
  if (d.first_error) {
    EXPECT_EQ(skipped.error().offset, 5 + *d.first_error) << what;
  } else {
    EXPECT_EQ(skipped->a, 1) << what;
  }
}

TEST(StringRead, RandomStringsMatchTheReference) {
  std::mt19937 rng(20261125);
  for (int i = 0; i < 30000; ++i) {
    // every other string is long with rare escapes and errors: the 32-byte path runs far
    std::string s = i % 2 == 1 ? random_string(rng, 120, 200) : random_string(rng);
    expect_read_matches_reference(s, "case " + std::to_string(i));
    if (HasFatalFailure()) return;
  }
}

TEST(StringRead, EveryBrokenSequenceAtEveryOffsetOfLongText) {
  // As for writing: each broken or edge sequence at every offset of a 16- and a 32-byte block, after ASCII and
  // after 3-byte characters, with text after it.
  const char* const pieces[] = {"\x80", "\xBF", "\xC0\xAF", "\xC1\xBF", "\xC2", "\xC2\x80", "\xDF\xBF", "\xE0\x80\x80",
                                "\xE0\x9F\xBF", "\xE0\xA0\x80", "\xE0\xA0", "\xED\x9F\xBF", "\xED\xA0\x80",
                                "\xEE\x80\x80", "\xF0\x8F\xBF\xBF", "\xF0\x90\x80\x80", "\xF0\x90\x80", "\xF4\x8F\xBF\xBF",
                                "\xF4\x90\x80\x80", "\xF5\x80\x80\x80", "\xF8", "\xFF", "\x80\x80", "\"", "\n"};
  for (const char* filler : {"a", "\xE6\x97\xA5", "\xF0\x9F\x98\x8B"}) {
    for (std::size_t before = 0; before < 72; ++before) {
      for (const char* piece : pieces) {
        for (int after : {0, 1, 40}) {
          std::string s;
          while (s.size() < before) s += filler;
          s += piece;
          for (int i = 0; i < after; ++i) s += filler;
          expect_read_matches_reference(s, std::to_string(before) + " " + piece + " " + std::to_string(after));
          if (HasFatalFailure()) return;
        }
      }
    }
  }
}

#if __has_include(<sys/mman.h>)
// Strings that end where readable memory ends: the vector paths may load a whole block past a string's end only
// within its page, so a string whose last byte is the last of a page, before one that cannot be read, must neither
// crash nor change its output. Writing and reading, every length to 40, plain, escaped and non-ASCII text.
TEST(StringEscape, TextEndingAtAnUnreadablePage) {
  const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  void* map = mmap(nullptr, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(map, MAP_FAILED);
  char* edge = static_cast<char*>(map) + page;
  ASSERT_EQ(mprotect(edge, page, PROT_NONE), 0);
  const std::string fillers[] = {"abcdefgh", "a\"b\\c\nd", "\xE6\x97\xA5\xC3\xA9z", "\xF0\x9F\x98\x8B"};
  for (const std::string& filler : fillers) {
    for (std::size_t len = 0; len <= 40; ++len) {
      std::string s;
      while (s.size() < len) s += filler;
      s.resize(len);  // may cut a sequence short: then both sides must fail alike
      char* text = edge - s.size();
      std::memcpy(text, s.data(), s.size());
      for (bool ascii : {false, true}) {
        auto want = reference_escape(s, false, ascii);
        auto got = prism::json::to_string(std::string_view(text, s.size()), {.escape_non_ascii = ascii});
        ASSERT_EQ(got.has_value(), want.has_value()) << len;
        if (want) {
          ASSERT_EQ(*got, *want) << len;
        }
      }
      // The same text as a whole JSON document, its closing quote the page's last byte.
      if (auto want = reference_escape(s, false, false)) {
        char* doc = edge - want->size();
        std::memcpy(doc, want->data(), want->size());
        auto back = prism::json::read<std::string>(std::string_view(doc, want->size()));
        ASSERT_TRUE(back.has_value()) << len;
        EXPECT_EQ(*back, s) << len;
      }
    }
  }
  munmap(map, 2 * page);
}
#endif

}  // namespace
