// The cost of a view: the same models written and read through the default view and through renaming views
// chosen at run time, in one binary, one run. Workloads: the seed 000 model (ns::model::build(1000, 10), as
// in the post's benchmark) and twitter.json in the typed twitter model.
//   prism_view_bench [google benchmark flags] [DATA_DIR]
//
// Rows per workload and direction (write: into a reused std::string; read: read_into a reused object):
//   default    prism::json::write(model, out) / read_into(text, model): no view at all
//   camel      through prism::one_of<default_view, camel, screaming> holding camel (camelCase keys: shorter)
//   screaming  through the same one_of holding screaming (SCREAMING_SNAKE_CASE: every key renamed, the same
//              length as the declared snake_case keys, so the bytes written and read are the same as default's)
// Each reader reads the text its own view wrote. Before anything is timed, every view's output is read back
// through the same view and must equal the model; the run stops if one does not.
// Counters: bytes/doc (the document written or read), allocs/doc.
#include <prism/prism.hpp>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "alloc_count.hpp"
#include "harness.hpp"
#include "models/seed000.hpp"
#include "models/twitter.hpp"

namespace {

struct camel : prism::view {
  static constexpr auto naming = prism::camel_case;
};
struct screaming : prism::view {
  static constexpr auto naming = prism::screaming_snake_case;
};
using chosen = prism::one_of<prism::default_view, camel, screaming>;

using bench::die;
using bench::read_file;

void finish(benchmark::State& st, std::size_t bytes, std::size_t allocs) {
  st.SetBytesProcessed(static_cast<std::int64_t>(st.iterations() * bytes));
  st.counters["bytes/doc"] = static_cast<double>(bytes);
  st.counters["allocs/doc"] = static_cast<double>(allocs) / static_cast<double>(st.iterations());
}

/// Writes through `view` (nullptr: no view) into a reused string.
template <class T>
void bm_write(benchmark::State& st, const T* model, const chosen* view) {
  std::string out;
  auto write = [&] { return view ? prism::json::write(*model, out, *view) : prism::json::write(*model, out); };
  if (!write()) die("write failed");
  std::size_t bytes = out.size();
  std::size_t a0 = bench::allocations();
  for (auto _ : st) {
    out.clear();
    auto r = write();
    benchmark::DoNotOptimize(r);
    benchmark::DoNotOptimize(out.data());
  }
  finish(st, bytes, bench::allocations() - a0);
}

/// A copy of a document starting at a page boundary, so that every row's input lines up with the cache (and with 4 KiB aliasing) the
/// same way (std::string's 16-byte alignment would give each row its own share of loads split across lines).
struct aligned_text {
  explicit aligned_text(const std::string& s) : storage(new char[s.size() + 4096]) {
    auto at = reinterpret_cast<std::uintptr_t>(storage.get());
    char* start = storage.get() + (4096 - at % 4096) % 4096;
    std::copy(s.begin(), s.end(), start);
    view = std::string_view(start, s.size());
  }
  std::shared_ptr<char[]> storage;
  std::string_view view;
};

/// Reads `text` (written through the same view) into a reused object.
template <class T>
void bm_read(benchmark::State& st, const T* model, const chosen* view, aligned_text text) {
  T target = *model;
  auto read = [&] {
    return view ? prism::json::read_into(text.view, target, *view) : prism::json::read_into(text.view, target);
  };
  if (!read()) die("read failed");
  std::size_t a0 = bench::allocations();
  for (auto _ : st) {
    auto r = read();
    benchmark::DoNotOptimize(r);
    benchmark::DoNotOptimize(target);
  }
  finish(st, text.view.size(), bench::allocations() - a0);
}

const chosen views[] = {chosen(prism::default_view{}), chosen(camel{}), chosen(screaming{})};

template <class T>
void add(const std::string& workload, const T& model) {
  const std::string reference = prism::json::to_string(model).value();
  const struct {
    const char* name;
    const chosen* view;
  } rows[] = {{"default", nullptr}, {"camel", &views[1]}, {"screaming", &views[2]}};
  for (const auto& row : rows) {
    std::string text = row.view ? prism::json::to_string(model, *row.view).value() : reference;
    auto back = row.view ? prism::json::read<T>(text, *row.view) : prism::json::read<T>(text);
    if (!back || prism::json::to_string(*back).value() != reference)
      die(workload + ": " + row.name + " does not read back what it wrote");
    if (row.view && text == reference) die(workload + ": " + row.name + " renamed nothing");
    // On a shared machine the fastest repetition is the steadiest estimate of code that does the same work
    // every time; report it beside the median.
    auto fastest = [](const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); };
    benchmark::RegisterBenchmark(("write/" + workload + "/" + row.name).c_str(), bm_write<T>, &model, row.view)
        ->ComputeStatistics("min", fastest);
    benchmark::RegisterBenchmark(("read/" + workload + "/" + row.name).c_str(), bm_read<T>, &model, row.view,
                                 aligned_text(text))
        ->ComputeStatistics("min", fastest);
  }
}

}  // namespace

int main(int argc, char** argv) {
  bench::check_allocation_counter();
  benchmark::Initialize(&argc, argv);
  std::filesystem::path dir = argc > 1 ? argv[argc - 1] : PRISM_BENCH_DATA_DIR;
  static const ns::model::C seed = ns::model::build(1000, 10);
  static const twitter::search_response tw = [&] {
    auto r = prism::json::read<twitter::search_response>(read_file(dir / "twitter.json"));
    if (!r) die("twitter.json: " + r.error().message());
    return *r;
  }();
  add("seed000", seed);
  add("twitter", tw);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
}
