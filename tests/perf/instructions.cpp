// The driver of the instruction-count guard (README.md): `prism_instructions CASE DATA_DIR` loads the case's input,
// runs the operation once to warm up (lazy symbol binding, first allocations, the one-time CPU feature checks), then
// runs it a fixed number of times inside measured(), the only function callgrind counts (check_instructions.py runs
// it with --toggle-collect=prism_perf::measured*), and finally checks what the last run made: it exits 1, naming the
// case, if the operation failed or made something other than it should. `prism_instructions --list` prints the
// cases and their runs. Built at -O2 -DNDEBUG whatever the build type; the operations are in json_write.cpp,
// json_read.cpp and bin.cpp.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

#include "perf.hpp"

namespace prism_perf {

const char* current_case = "";  ///< the case being run, for die()

void die(const std::string& message) {
  std::fprintf(stderr, "prism_instructions: %s%s%s\n", current_case, *current_case ? ": " : "", message.c_str());
  std::exit(1);
}

namespace {

/// The file `name` of the data folder. The path is put together on the stack: an allocation whose size depended on the
/// folder's path would move every later allocation, and with them the counts of code that depends on alignment.
std::string read_file(const state& s, const char* name) {
  char path[4096];
  if (std::snprintf(path, sizeof path, "%s/%s", s.data_dir, name) >= static_cast<int>(sizeof path))
    die("the data folder's path is too long");
  std::ifstream in(path, std::ios::binary);
  if (!in) die(std::string("cannot read ") + path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// ---- setups (not measured) ------------------------------------------------------------------------------

void load_twitter(state& s) {
  s.json = read_file(s, "twitter.json");
  json_read_model(s.json, s.twitter, "twitter.json");
  if (s.twitter.statuses.size() != 100) die("twitter.json: expected 100 statuses");
}
void load_canada(state& s) {
  s.json = read_file(s, "canada.json");
  json_read_model(s.json, s.canada, "canada.json");
  if (s.canada.features.empty() || s.canada.features[0].geometry.coordinates.empty()) die("canada.json: no polygons");
}
void load_json_performance(state& s) {
  s.json = read_file(s, "json_performance.json");
  while (!s.json.empty() && (s.json.back() == '\n' || s.json.back() == '\r')) s.json.pop_back();
  s.json_performance = json_performance::make();
}
void load_twitter_bytes(state& s) {
  load_twitter(s);
  s.bytes = bytes_of(s.twitter);
}
void load_canada_bytes(state& s) {
  load_canada(s);
  s.bytes = bytes_of(s.canada);
}

// ---- checks of the last run (not measured) ----------------------------------------------------------------

/// A read made the model: the same values as `expected` (compared as binary documents).
template <class T>
void check_same(const T& got, const T& expected, const char* what) {
  if (bytes_of(got) != bytes_of(expected)) die(std::string(what) + " made other values than expected");
}
/// A JSON write made the text of the model: it reads back as the same values.
template <class T>
void check_json_written(const state& s, const T& model) {
  T back{};
  json_read_model(s.text, back, "the JSON written");
  check_same(back, model, "the JSON written, read back,");
}
/// A binary write made the document of the model: the bytes of a write outside the measured runs, which read back as
/// the same values (compared as JSON text).
template <class T>
void check_bin_written(const state& s, const T& model) {
  if (s.out != bytes_of(model)) die("the binary write made other bytes than bin::to_bytes");
  T back{};
  bin_read_model(s.out, back);
  if (json_of(back) != json_of(model)) die("the binary document written reads back as other values");
}

void check_json_write_twitter(const state& s) { check_json_written(s, s.twitter); }
void check_json_write_canada(const state& s) { check_json_written(s, s.canada); }
void check_json_write_json_performance(const state& s) {
  check_json_written(s, s.json_performance);
  // json_performance.json is the compact JSON of make(): the writer must make exactly that text.
  if (s.text != s.json) die("the JSON written differs from json_performance.json:\n" + s.text);
}
void check_json_read_twitter(const state& s) {
  if (s.twitter_out.statuses.size() != 100 || s.twitter_out.search_metadata.count != 100)
    die("expected 100 statuses");
  check_same(s.twitter_out, s.twitter, "the read");
}
void check_json_read_canada(const state& s) { check_same(s.canada_out, s.canada, "the read"); }
void check_json_read_json_performance(const state& s) {
  check_same(s.json_performance_out, s.json_performance, "the read");  // make(): the file's values, independently
}
void check_json_value_read_twitter(const state& s) {
  auto name = s.value_out["statuses"][0]["user"]["screen_name"].as_string();
  if (s.value_out["statuses"].size() != 100 || !name || name.value().empty())
    die("expected 100 statuses with their users");
  // The generic value, converted, is the typed model; and another read makes an equal value.
  check_same(twitter_from_value(s.value_out), s.twitter, "the value read");
  prism::json::value again;
  json_read_model(s.json, again, "twitter.json");
  if (!(s.value_out == again)) die("two reads made different values");
}
void check_bin_write_twitter(const state& s) { check_bin_written(s, s.twitter); }
void check_bin_write_canada(const state& s) { check_bin_written(s, s.canada); }
void check_bin_read_twitter(const state& s) {
  if (s.twitter_out.statuses.size() != 100) die("expected 100 statuses");
  check_same(s.twitter_out, s.twitter, "the read");
  if (json_of(s.twitter_out) != json_of(s.twitter)) die("the read made other values than expected");
}
void check_bin_read_canada(const state& s) {
  check_same(s.canada_out, s.canada, "the read");
  if (json_of(s.canada_out) != json_of(s.canada)) die("the read made other values than expected");
}

using run_fn = void (*)(state&);

struct test_case {
  const char* name;
  void (*setup)(state&);
  run_fn run;
  void (*check)(const state&);
  int runs;  ///< runs measured: millions of instructions, yet a few seconds under callgrind
};

// A case's count depends on its input and runs: change either, and update baseline.json in the same commit.
constexpr test_case cases[] = {
    {"json_write/twitter", load_twitter, json_write_twitter, check_json_write_twitter, 10},
    {"json_write/canada", load_canada, json_write_canada, check_json_write_canada, 2},
    {"json_write/json_performance", load_json_performance, json_write_json_performance,
     check_json_write_json_performance, 2000},
    {"json_read/twitter", load_twitter, json_read_twitter, check_json_read_twitter, 10},
    {"json_read/canada", load_canada, json_read_canada, check_json_read_canada, 2},
    {"json_read/json_performance", load_json_performance, json_read_json_performance,
     check_json_read_json_performance, 2000},
    {"json_value_read/twitter", load_twitter, json_value_read_twitter, check_json_value_read_twitter, 10},
    {"bin_write/twitter", load_twitter_bytes, bin_write_twitter, check_bin_write_twitter, 50},
    {"bin_write/canada", load_canada_bytes, bin_write_canada, check_bin_write_canada, 20},
    {"bin_read/twitter", load_twitter_bytes, bin_read_twitter, check_bin_read_twitter, 20},
    {"bin_read/canada", load_canada_bytes, bin_read_canada, check_bin_read_canada, 5},
};

}  // namespace

/// The only function callgrind counts (--toggle-collect=prism_perf::measured*): `runs` runs of the operation,
/// everything they call included. noipa (with noinline): no copy of it specialized on its arguments either.
[[gnu::noinline, gnu::noipa]] void measured(run_fn run, state& s, int runs) {
  for (int i = 0; i < runs; ++i) run(s);
}

[[gnu::noinline]] void run_case(const test_case& c, const char* data_dir) {
  state s;
  s.data_dir = data_dir;
  c.setup(s);
  c.run(s);  // the warm-up run, not counted
  measured(c.run, s, c.runs);
  if (!s.ok) die("the operation failed");
  c.check(s);
  std::printf("%s: %d runs, checked\n", c.name, c.runs);
}

}  // namespace prism_perf

int main(int argc, char** argv) {
  using namespace prism_perf;
  if (argc == 2 && std::string_view(argv[1]) == "--list") {
    for (const test_case& c : cases) std::printf("%s %d\n", c.name, c.runs);
    return 0;
  }
  if (argc != 3) die("usage: prism_instructions CASE DATA_DIR (the folder of twitter.json), or --list");
  const test_case* found = nullptr;
  for (const test_case& c : cases)
    if (std::string_view(argv[1]) == c.name) found = &c;
  if (!found) die(std::string("unknown case ") + argv[1] + " (--list names them)");

  current_case = found->name;
  // The stack starts lower or higher with the size of the arguments and the environment: bring it to the same offset
  // in a page, so that the counts do not depend on where the build or the data folder are.
  const auto sp = reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0));
  char* pad = static_cast<char*>(__builtin_alloca((sp & 4095) + 256));
  asm volatile("" : : "r"(pad) : "memory");
  run_case(*found, argv[2]);
  return 0;
}
