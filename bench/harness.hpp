// What every benchmark binary shares: stopping with a message that names the binary, and reading a data file.
#pragma once

#include <cerrno>  // program_invocation_short_name (glibc)
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace bench {

/// Prints "prism_xxx_bench: message" and exits with 1: a check before timing failed, or the setup did.
[[noreturn]] inline void die(const std::string& message) {
  std::fprintf(stderr, "%s: %s\n", program_invocation_short_name, message.c_str());
  std::fflush(stderr);
  std::exit(1);
}

/// The bytes of a data file; dies naming it when it cannot be read.
inline std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) die("cannot read " + p.string() + " (pass the data folder as the last argument)");
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

#ifdef PRISM_BENCH_DATA_DIR
/// The data folder: the last argument when it is no flag (taken off argc), else the one the build was configured
/// with (PRISM_BENCH_DATA_DIR). Called after benchmark::Initialize has taken its flags.
inline std::filesystem::path data_folder(int& argc, char** argv) {
  std::filesystem::path dir = PRISM_BENCH_DATA_DIR;
  if (argc > 1 && std::string(argv[argc - 1]).rfind("--", 0) != 0) dir = argv[--argc];
  return dir;
}
#endif

}  // namespace bench
