// The streaming benchmark: `prism check` and `prism fmt` on a large file against the same jobs on its text in memory,
// in one binary, one run. The file (1 GiB by default) is the repository's data (canada.json, twitter.json, json_performance.json)
// repeated as the elements of one top-level array, written once into the build tree and reused.
//   prism_stream_bench [google benchmark flags] [DATA_DIR]
// Environment: PRISM_STREAM_MIB, the file's size in MiB (default 1024).
//
// Rows (bytes/s counts the bytes of the file, the same for every row):
//   validate/memory       prism::json::validate over the file's text, loaded in memory beforehand: the yardstick
//   memcpy/memory         one copy of the file's text in memory: a bound on anything that writes it out again
//   fmt_minify/memory     prism::json::reformat(string_view, FILE* of /dev/null), compact: fmt's job in memory
//   fmt_pretty/memory     the same, indent 2
//   validate/stream       prism::json::validate(FILE*): what `prism check FILE` does
//   tokens/stream         reformat's walk handing each token to a counter, writing nothing (prism::json::detail):
//                         the reading half of fmt, which walks every token where validate skips by blocks
//   fmt_minify/stream     prism::json::reformat(FILE*, FILE* of /dev/null), compact: `prism fmt --minify FILE`
//   fmt_pretty/stream     the same, indent 2: `prism fmt FILE` (both count output_per_input: bytes written per byte read)
//   tool/...              the prism tool itself, run once as a child process before the timed rows: wall time,
//                         peak resident memory (the counter peak_rss_KiB: VmHWM as it exits) and exit status:
//                         `check` and `fmt` on the file, `check` on /dev/zero (stopped after 30 s, which it never
//                         needs)
// Before anything is timed, the file is validated from memory and from the stream, and reformatted from both; all
// must succeed, and the compact output must be as long as the file minus its whitespace.
#include <prism/prism.hpp>

#include <benchmark/benchmark.h>
#include <fcntl.h>
#include <sys/ptrace.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "harness.hpp"

namespace {

using bench::die;
using bench::read_file;

/// The data's documents as elements of one array, repeated until the file holds at least `size` bytes.
std::filesystem::path make_file(const std::filesystem::path& data, std::size_t size) {
  std::filesystem::path path =
      std::filesystem::path(PRISM_BENCH_SCRATCH_DIR) / ("stream_" + std::to_string(size >> 20) + "MiB.json");
  std::string unit;
  for (const char* name : {"canada.json", "twitter.json", "json_performance.json"}) {
    std::string text = read_file(data / name);
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
    unit += unit.empty() ? "" : ",";
    unit += text;
  }
  const std::size_t copies = size / (unit.size() + 1) + 1;
  const std::size_t total = 2 + copies * unit.size() + (copies - 1);
  std::error_code ec;
  if (std::filesystem::file_size(path, ec) == total) return path;  // made by an earlier run
  std::FILE* f = std::fopen(path.string().c_str(), "wb");
  if (!f) die("cannot write " + path.string());
  std::fputc('[', f);
  for (std::size_t i = 0; i < copies; ++i) {
    if (i != 0) std::fputc(',', f);
    std::fwrite(unit.data(), 1, unit.size(), f);
  }
  std::fputc(']', f);
  if (std::fclose(f) != 0) die("cannot write " + path.string());
  return path;
}

std::filesystem::path file;
std::string text;  // the file's bytes, for the in-memory row

void require(bool ok, const char* what) {
  if (!ok) die(std::string(what) + " failed on " + file.string());
}

void validate_memory(benchmark::State& state) {
  for (auto _ : state) {
    auto r = prism::json::validate(std::string_view(text));
    require(bool(r), "validate from memory");
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * text.size()));
}

/// A bound on any path that writes the file's bytes out again: one copy of them, in memory.
void copy_memory(benchmark::State& state) {
  static std::string copy(text.size(), '\0');
  for (auto _ : state) {
    std::memcpy(copy.data(), text.data(), text.size());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * text.size()));
}

void validate_stream(benchmark::State& state) {
  for (auto _ : state) {
    std::FILE* in = std::fopen(file.string().c_str(), "rb");
    auto r = prism::json::validate(in);
    std::fclose(in);
    require(bool(r), "validate from a stream");
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * text.size()));
}

/// Counts the tokens of a walk, writing nothing: the reading half of reformat.
struct token_count {
  static constexpr bool wanted = true;
  std::size_t n = 0;
  void open(bool) { ++n; }
  void close(bool) { ++n; }
  void key(const char*, const char*) { ++n; }
  void scalar(const char*, const char*) { ++n; }
};

void walk_stream(benchmark::State& state) {
  for (auto _ : state) {
    std::FILE* in = std::fopen(file.string().c_str(), "rb");
    prism::io::file_reader reader{in};
    prism::json::detail::stream_input<prism::io::file_reader> window(reader, std::size_t{1} << 28,
                                                                     prism::json::detail::walk_window);
    token_count tokens;
    auto r = prism::json::detail::walk_stream(window, {}, tokens);
    std::fclose(in);
    require(r && tokens.n != 0, "the token walk");
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * text.size()));
}

void fmt_stream(benchmark::State& state, int indent) {
  std::size_t written = 0;
  for (auto _ : state) {
    std::FILE* in = std::fopen(file.string().c_str(), "rb");
    std::FILE* out = std::fopen("/dev/null", "wb");
    auto r = prism::json::reformat(in, out, {.indent = indent});
    std::fclose(in);
    std::fclose(out);
    require(bool(r), "reformat");
    written = *r;
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * text.size()));
  state.counters["output_per_input"] = static_cast<double>(written) / static_cast<double>(text.size());
}

/// The same reformat from the file's text in memory: the in-memory path fmt from a stream is held to.
void fmt_memory(benchmark::State& state, int indent) {
  std::FILE* out = std::fopen("/dev/null", "wb");
  for (auto _ : state) {
    auto r = prism::json::reformat(text, out, {.indent = indent});
    require(bool(r), "reformat from memory");
  }
  std::fclose(out);
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * text.size()));
}

/// One run of the prism tool as a child process.
struct tool_run {
  std::string what;
  double seconds = 0;
  long peak_rss_kib = 0;
  int status = -1;  ///< exit status, -1 when killed
};

/// The peak resident memory of a process (VmHWM), in KiB.
long peak_rss_kib(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("VmHWM:", 0) == 0) return std::strtol(line.c_str() + 6, nullptr, 10);
  return -1;
}

/// Runs the prism tool with `args` (its output to /dev/null), for at most 30 s. It runs traced, stopped as it exits
/// for its peak RSS to be read from /proc: wait4's ru_maxrss would count pages it shared with this process before
/// it became the tool.
tool_run run_tool(std::vector<std::string> args, int expected_status) {
  tool_run run{args[0] + " " + std::filesystem::path(args[1]).filename().string()};
  args.insert(args.begin(), PRISM_TOOL);
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  const auto start = std::chrono::steady_clock::now();
  // vfork: the child borrows this process's memory until it becomes the tool, so the file this process holds costs
  // the spawn nothing (fork copied its page tables: 40 ms for 1 GiB). The child only makes system calls.
  const int null = open("/dev/null", O_WRONLY);
  const pid_t pid = vfork();
  if (pid < 0) die("cannot fork");
  if (pid == 0) {
    dup2(null, 1);
    dup2(null, 2);
    ptrace(PTRACE_TRACEME, 0, nullptr, nullptr);
    execv(PRISM_TOOL, argv.data());
    _exit(127);
  }
  close(null);
  int status = 0;
  waitpid(pid, &status, 0);  // stopped at its exec
  ptrace(PTRACE_SETOPTIONS, pid, nullptr, PTRACE_O_TRACEEXIT | PTRACE_O_EXITKILL);
  ptrace(PTRACE_CONT, pid, nullptr, nullptr);
  for (;;) {
    if (waitpid(pid, &status, WNOHANG) == 0) {
      if (std::chrono::steady_clock::now() - start > std::chrono::seconds(30)) {
        kill(pid, SIGKILL);
        waitpid(pid, &status, 0);
        die("prism " + run.what + " ran for 30 s");
      }
      std::this_thread::sleep_for(std::chrono::microseconds(200));
      continue;
    }
    if (WIFSTOPPED(status) && status >> 8 == (SIGTRAP | (PTRACE_EVENT_EXIT << 8))) {
      run.peak_rss_kib = peak_rss_kib(pid);  // its memory is still there at this stop
      ptrace(PTRACE_CONT, pid, nullptr, nullptr);
    } else if (WIFSTOPPED(status)) {
      ptrace(PTRACE_CONT, pid, nullptr, WSTOPSIG(status));  // a signal of its own: delivered
    } else {
      break;
    }
  }
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  run.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  if (run.status != expected_status)
    die("prism " + run.what + " exited with " + std::to_string(run.status) + ", not " + std::to_string(expected_status));
  return run;
}

/// A row for a run made beforehand: its time (to the millisecond of polling) and peak RSS.
void tool_row(benchmark::State& state, const tool_run& run) {
  for (auto _ : state) state.SetIterationTime(run.seconds);
  state.counters["peak_rss_KiB"] = static_cast<double>(run.peak_rss_kib);
  state.counters["exit_status"] = run.status;
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  const std::filesystem::path dir = bench::data_folder(argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  const char* mib = std::getenv("PRISM_STREAM_MIB");
  const std::size_t size = (mib ? std::strtoull(mib, nullptr, 10) : 1024) << 20;
  if (size == 0) die("PRISM_STREAM_MIB must be a number of MiB");

  file = make_file(dir, size);
  text = read_file(file);  // which also brings the file into the page cache, for every row and the tool alike
  require(bool(prism::json::validate(std::string_view(text))), "validate from memory");
  std::FILE* in = std::fopen(file.string().c_str(), "rb");
  require(bool(prism::json::validate(in)), "validate from a stream");
  std::fclose(in);
  // Compact output is the file without its whitespace outside strings: checked by length, counted here by hand.
  std::size_t outside_strings_whitespace = 0;
  bool in_string = false, escaped = false;
  for (char ch : text) {
    if (in_string) {
      if (escaped) escaped = false;
      else if (ch == '\\') escaped = true;
      else if (ch == '"') in_string = false;
    } else if (ch == '"') {
      in_string = true;
    } else if (ch == ' ' || ch == '\n' || ch == '\r' || ch == '\t') {
      ++outside_strings_whitespace;
    }
  }
  in = std::fopen(file.string().c_str(), "rb");
  std::FILE* out = std::fopen("/dev/null", "wb");
  auto written = prism::json::reformat(in, out);
  std::fclose(in);
  std::fclose(out);
  require(written && *written == text.size() - outside_strings_whitespace, "reformat (compact) to the expected length");
  std::string compact_from_memory;
  written = prism::json::reformat(text, compact_from_memory);
  require(written && *written == text.size() - outside_strings_whitespace, "reformat from memory (compact)");
  compact_from_memory = {};

  const std::string path = file.string();
  static const tool_run runs[] = {run_tool({"check", path}, 0), run_tool({"fmt", path}, 0),
                                  run_tool({"check", "/dev/zero"}, 1)};

  benchmark::AddCustomContext("stream_file", file.filename().string() + ", " + std::to_string(text.size()) + " bytes");
  benchmark::RegisterBenchmark("validate/memory", validate_memory)->Unit(benchmark::kMillisecond)->UseRealTime();
  benchmark::RegisterBenchmark("memcpy/memory", copy_memory)->Unit(benchmark::kMillisecond)->UseRealTime();
  benchmark::RegisterBenchmark("fmt_minify/memory", fmt_memory, 0)->Unit(benchmark::kMillisecond)->UseRealTime();
  benchmark::RegisterBenchmark("fmt_pretty/memory", fmt_memory, 2)->Unit(benchmark::kMillisecond)->UseRealTime();
  benchmark::RegisterBenchmark("validate/stream", validate_stream)->Unit(benchmark::kMillisecond)->UseRealTime();
  benchmark::RegisterBenchmark("tokens/stream", walk_stream)->Unit(benchmark::kMillisecond)->UseRealTime();
  benchmark::RegisterBenchmark("fmt_minify/stream", fmt_stream, 0)->Unit(benchmark::kMillisecond)->UseRealTime();
  benchmark::RegisterBenchmark("fmt_pretty/stream", fmt_stream, 2)->Unit(benchmark::kMillisecond)->UseRealTime();
  for (const tool_run& run : runs)
    benchmark::RegisterBenchmark(("tool/" + run.what).c_str(), tool_row, run)
        ->Iterations(1)->UseManualTime()->Unit(benchmark::kMillisecond);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
}
