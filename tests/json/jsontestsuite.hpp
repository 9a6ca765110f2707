// The JSONTestSuite cases (tests/data/JSONTestSuite/test_parsing, laid out in the build tree by CMake), for the tests
// that run them: their files by prefix (y_, n_, i_), and a file's bytes.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace jsontestsuite {

inline const std::filesystem::path suite = std::filesystem::path(PRISM_DATA_DIR) / "JSONTestSuite" / "test_parsing";

inline std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// The cases whose names start with `prefix` and '_', sorted; none when the suite is missing.
inline std::vector<std::filesystem::path> cases(char prefix) {
  std::vector<std::filesystem::path> out;
  if (!std::filesystem::is_directory(suite)) return out;
  for (const auto& e : std::filesystem::directory_iterator(suite))
    if (e.path().filename().string().starts_with(std::string(1, prefix) + "_")) out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace jsontestsuite
