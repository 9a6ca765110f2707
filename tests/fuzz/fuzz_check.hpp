// prism fuzzing: what every fuzz target checks. An invariant that does not hold prints what broke and aborts,
// which libFuzzer reports as a crash and saves the input as an artifact.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include <prism/core/result.hpp>

namespace prism_fuzz {

[[noreturn]] inline void violated(const char* what, const char* file, int line, std::string_view detail = {}) {
  std::fprintf(stderr, "\n==== prism fuzz invariant violated: %s (%s:%d)\n", what, file, line);
  if (!detail.empty()) std::fprintf(stderr, "%.*s\n", static_cast<int>(detail.size()), detail.data());
  std::fflush(stderr);
  std::abort();
}

#define PRISM_FUZZ_CHECK(cond, ...)                                                      \
  do {                                                                                   \
    if (!(cond)) [[unlikely]]                                                            \
      ::prism_fuzz::violated(#cond, __FILE__, __LINE__ __VA_OPT__(, ) __VA_ARGS__);      \
  } while (0)

/// Where two texts that should be equal first differ, with some context: "at byte 812: ...\n    vs: ...".
inline std::string first_difference(std::string_view a, std::string_view b) {
  std::size_t i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
  std::size_t from = i > 60 ? i - 60 : 0;
  return "at byte " + std::to_string(i) + ":\n    " + std::string(a.substr(from, 120)) + "\n vs " +
         std::string(b.substr(from, 120));
}

/// An error from reading `input` says what (a code and a message), where (line, column, an offset inside the
/// input) and in which value (a path from "$"). line and column must agree with the offset.
inline void check_error(const prism::error& e, std::string_view input) {
  std::string m = e.message();
  PRISM_FUZZ_CHECK(e.code != prism::error_code::none, m);
  PRISM_FUZZ_CHECK(!m.empty());
  PRISM_FUZZ_CHECK(e.offset <= input.size(), m);
  PRISM_FUZZ_CHECK(e.line >= 1, m);
  PRISM_FUZZ_CHECK(e.column >= 1, m);
  PRISM_FUZZ_CHECK(!e.path.empty() && e.path[0] == '$', m);
  std::size_t newlines = 0, last_newline = 0;
  for (std::size_t i = 0; i < e.offset && i < input.size(); ++i)
    if (input[i] == '\n') ++newlines, last_newline = i + 1;
  PRISM_FUZZ_CHECK(e.line == newlines + 1, m);
  PRISM_FUZZ_CHECK(e.column <= e.offset - last_newline + 1, m);  // columns count characters, at most bytes
}

}  // namespace prism_fuzz
