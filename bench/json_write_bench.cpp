// The JSON writer benchmark: prism, RapidJSON's Writer and nlohmann::json writing the same typed data, in
// one binary, one run. Workloads: the json_performance object, canada, twitter, the seed 003 jsonsink
// document and the seed 000 model. Every library's output is checked once against prism's before anything
// is timed (parsed with nlohmann; numbers compared as doubles), and the run stops if they disagree.
//   prism_json_bench [google benchmark flags] [DATA_DIR]
// DATA_DIR holds canada.json, twitter.json and json_performance.json (default: the PRISM_BENCH_DATA_DIR the
// build was configured with: the repository's copy, laid out in the build tree). Missing data is an error.
//
// Rows per workload (bytes/s counts the bytes of THAT library's own output):
//   prism            prism::json::write into a reused std::string (cleared, capacity kept): the main number
//   prism_fixed64    prism::json::write into an io::fixed_sink over 64 bytes whose callback takes each chunk
//   prism_to_string  prism::json::to_string: a new std::string per document
//   rapidjson        Writer<StringBuffer>, both reused (StringBuffer::Clear, Writer::Reset): RapidJSON's fastest
//   rapidjson_fresh  a new StringBuffer and Writer per document, as RapidJSON's tutorial writes it
//   nlohmann         nlohmann::json j = model; j.dump(), per document
// jsonsink also has: builder and builder_fixed64 (the same document written with prism::json::build_array, into the
// reused string and the 64-byte sink), and prism_threads and builder_threads from 1 and 2 threads at once (threads:N
// in the name; bytes/s is their sum), for how writing scales across cores.
// seed004_small, seed004_regular and seed004_large (seed 004's payloads, models/seed004.hpp) have the prism rows
// alone: their peers are in other languages (bench/go, bench/rust), run as separate processes on the same files.
// Counters: allocs/doc and alloc_bytes/doc (heap allocations and bytes allocated in the timed loop / iterations,
// see alloc_count.cpp), bytes/doc. The context holds each jsonsink writer's peak heap (seed 003's measure).
// With PRISM_BENCH_EXPECTED=DIR, prism's output for each document the other languages write is saved there as
// DOC.json, before anything is timed: bench/go and bench/rust check their outputs against it.
#include <prism/prism.hpp>

#include <benchmark/benchmark.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <functional>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>

#include "alloc_count.hpp"
#include "harness.hpp"
#include "models/canada.hpp"
#include "models/json_performance.hpp"
#include "models/jsonsink.hpp"
#include "models/load_nlohmann.hpp"
#include "models/seed000.hpp"
#include "models/seed004.hpp"
#include "models/twitter.hpp"
#include "nlohmann_models.hpp"
#include "nlohmann_small_models.hpp"
#include "rapidjson_models.hpp"

namespace {

using bench::die;

using bench::read_file;

// ---- each library's document, made once, outside the timed loops ----

template <class T>
std::string prism_doc(const T& v) {
  std::string s;
  auto r = prism::json::write(v, s);
  if (!r) die("prism failed: " + r.error().message());
  return s;
}

template <class T>
std::string prism_fixed_doc(const T& v) {
  std::string out;
  std::array<char, 64> buf;
  prism::io::fixed_sink sink(std::span<char>(buf), [&out](std::string_view chunk) {
    out.append(chunk);
    return true;
  });
  auto r = prism::json::write(v, sink);
  if (!r) die("prism (fixed sink) failed: " + r.error().message());
  if (*r != out.size()) die("prism (fixed sink) reported " + std::to_string(*r) + " bytes, flushed " + std::to_string(out.size()));
  return out;
}

template <class T>
std::string rapidjson_doc(const T& v) {
  rapidjson::StringBuffer sb;
  rj::writer w(sb);
  rj::put(w, v);
  if (!w.IsComplete()) die("RapidJSON's document is incomplete");
  return std::string(sb.GetString(), sb.GetSize());
}

template <class T>
std::string nlohmann_doc(const T& v) {
  nlohmann::json j = v;
  return j.dump();
}

// ---- comparing documents as parsed JSON ----

/// Numbers are equal when they are the same double (an integer and a float compare by value). With
/// `float_fields`, a number that is exactly a float also equals another that rounds to that float: a float
/// field is spelled 0.1 by prism (shortest float) and 0.10000000149011612 by RapidJSON and nlohmann (the
/// float's exact double), and both read back as 0.1f.
template <class J>
bool same_number(const J& a, const J& b, bool float_fields) {
  if (a.is_number_integer() && b.is_number_integer()) {
    if (a.is_number_unsigned() != b.is_number_unsigned()) return false;  // one negative, one not
    if (a.is_number_unsigned()) return a.template get<std::uint64_t>() == b.template get<std::uint64_t>();
    return a.template get<std::int64_t>() == b.template get<std::int64_t>();
  }
  double x = a.template get<double>(), y = b.template get<double>();
  if (x == y) return true;
  if (!float_fields) return false;
  auto fx = static_cast<float>(x), fy = static_cast<float>(y);
  return fx == fy && (static_cast<double>(fx) == x || static_cast<double>(fy) == y);
}

/// Empty when equal, else the path of the first difference. Objects are compared in iteration order: the
/// insertion order for ordered_json (key order must match), sorted for json.
template <class J>
std::string difference(const J& a, const J& b, bool float_fields, const std::string& path = "$") {
  if (a.is_number() && b.is_number()) {
    if (same_number(a, b, float_fields)) return {};
    return path + ": " + a.dump() + " vs " + b.dump();
  }
  if (a.type() != b.type()) return path + ": " + a.type_name() + " vs " + b.type_name();
  if (a.is_object()) {
    if (a.size() != b.size()) return path + ": " + std::to_string(a.size()) + " vs " + std::to_string(b.size()) + " keys";
    for (auto i = a.begin(), j = b.begin(); i != a.end(); ++i, ++j) {
      if (i.key() != j.key()) return path + ": key \"" + i.key() + "\" vs \"" + j.key() + "\"";
      if (auto d = difference(i.value(), j.value(), float_fields, path + "." + i.key()); !d.empty()) return d;
    }
    return {};
  }
  if (a.is_array()) {
    if (a.size() != b.size()) return path + ": " + std::to_string(a.size()) + " vs " + std::to_string(b.size()) + " elements";
    for (std::size_t k = 0; k < a.size(); ++k)
      if (auto d = difference(a[k], b[k], float_fields, path + "[" + std::to_string(k) + "]"); !d.empty()) return d;
    return {};
  }
  if (a == b) return {};
  return path + ": " + a.dump() + " vs " + b.dump();
}

template <class J>
J parse(const std::string& text, const std::string& who, const std::string& workload) {
  try {
    return J::parse(text);
  } catch (const std::exception& e) {
    die(workload + ": " + who + "'s output does not parse: " + e.what());
  }
}

/// Checks that all libraries write the same document; returns the byte size of each library's output.
struct doc_sizes {
  std::size_t prism, rapidjson, nlohmann;
};
template <class T>
doc_sizes verify(const std::string& workload, const T& model, bool float_fields) {
  std::string p = prism_doc(model), pf = prism_fixed_doc(model), r = rapidjson_doc(model), n = nlohmann_doc(model);
  if (pf != p) die(workload + ": prism's fixed-sink output differs from its std::string output");
  auto to = parse<nlohmann::ordered_json>(p, "prism", workload);
  if (auto d = difference(to, parse<nlohmann::ordered_json>(r, "RapidJSON", workload), float_fields); !d.empty())
    die(workload + ": prism and RapidJSON wrote different documents at " + d);
  auto ts = parse<nlohmann::json>(p, "prism", workload);
  if (auto d = difference(ts, parse<nlohmann::json>(n, "nlohmann", workload), float_fields); !d.empty())
    die(workload + ": prism and nlohmann wrote different documents at " + d);
  return {p.size(), r.size(), n.size()};
}

// ---- the timed loops ----

void finish(benchmark::State& st, std::size_t bytes_per_doc, const bench::alloc_meter& meter) {
  auto it = static_cast<double>(st.iterations());
  st.SetBytesProcessed(static_cast<std::int64_t>(st.iterations()) * static_cast<std::int64_t>(bytes_per_doc));
  st.counters["allocs/doc"] = benchmark::Counter(static_cast<double>(meter.allocs()) / it);
  st.counters["alloc_bytes/doc"] = benchmark::Counter(static_cast<double>(meter.bytes()) / it);
  st.counters["bytes/doc"] = benchmark::Counter(static_cast<double>(bytes_per_doc));
}

template <class T>
void bm_prism(benchmark::State& st, const T* model) {
  std::string out;
  (void)prism::json::write(*model, out);  // the string's capacity is reused from here on
  bench::alloc_meter meter;
  for (auto _ : st) {
    out.clear();
    auto r = prism::json::write(*model, out);
    if (!r) [[unlikely]]
      st.SkipWithError("prism failed");
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  finish(st, out.size(), meter);
}

template <class T>
void bm_prism_fixed64(benchmark::State& st, const T* model) {
  std::array<char, 64> buf;
  std::size_t total = 0;
  auto consume = [&total](std::string_view chunk) {
    total += chunk.size();
    benchmark::DoNotOptimize(chunk.data());  // with a memory clobber: the chunk's bytes must be there
    return true;
  };
  bench::alloc_meter meter;
  for (auto _ : st) {
    prism::io::fixed_sink sink(std::span<char>(buf), consume);
    auto r = prism::json::write(*model, sink);
    if (!r) [[unlikely]]
      st.SkipWithError("prism failed");
  }
  finish(st, st.iterations() ? total / static_cast<std::size_t>(st.iterations()) : 0, meter);
}

// ---- the builder (seed 001), on the jsonsink workload: the same document, written by hand ----

/// The jsonsink document through the builder: what a hand-written serializer for it looks like.
template <class Out>
prism::result<std::size_t> build_jsonsink(Out& out, const std::vector<jsonsink::sample>& doc) {
  return prism::json::build_array(out, [&](auto& a) {
    for (const jsonsink::sample& s : doc)
      a.object([&](auto& o) { o.put("id", s.id).put("x", s.x).put("y", s.y).put("z", s.z).put("w", s.w); });
  });
}

void bm_builder(benchmark::State& st, const std::vector<jsonsink::sample>* doc) {
  std::string out;
  (void)build_jsonsink(out, *doc);
  bench::alloc_meter meter;
  for (auto _ : st) {
    out.clear();
    if (!build_jsonsink(out, *doc)) [[unlikely]]
      st.SkipWithError("the builder failed");
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  finish(st, out.size(), meter);
}

void bm_builder_fixed64(benchmark::State& st, const std::vector<jsonsink::sample>* doc) {
  std::array<char, 64> buf;
  std::size_t total = 0;
  auto consume = [&total](std::string_view chunk) {
    total += chunk.size();
    benchmark::DoNotOptimize(chunk.data());
    return true;
  };
  bench::alloc_meter meter;
  for (auto _ : st) {
    prism::io::fixed_sink sink(std::span<char>(buf), consume);
    if (!build_jsonsink(sink, *doc)) [[unlikely]]
      st.SkipWithError("the builder failed");
  }
  finish(st, st.iterations() ? total / static_cast<std::size_t>(st.iterations()) : 0, meter);
}

template <class T>
void bm_prism_to_string(benchmark::State& st, const T* model) {
  std::size_t bytes = 0;
  bench::alloc_meter meter;
  for (auto _ : st) {
    auto r = prism::json::to_string(*model);
    if (!r) [[unlikely]] {
      st.SkipWithError("prism failed");
      continue;
    }
    bytes = r->size();
    benchmark::DoNotOptimize(r->data());
    benchmark::ClobberMemory();
  }
  finish(st, bytes, meter);
}

template <class T>
void bm_rapidjson(benchmark::State& st, const T* model) {
  rapidjson::StringBuffer sb;
  rj::writer w(sb);
  rj::put(w, *model);  // the buffer and the writer's level stack are reused from here on
  bench::alloc_meter meter;
  for (auto _ : st) {
    sb.Clear();
    w.Reset(sb);
    rj::put(w, *model);
    benchmark::DoNotOptimize(sb.GetString());
    benchmark::ClobberMemory();
  }
  finish(st, sb.GetSize(), meter);
}

template <class T>
void bm_rapidjson_fresh(benchmark::State& st, const T* model) {
  std::size_t bytes = 0;
  bench::alloc_meter meter;
  for (auto _ : st) {
    rapidjson::StringBuffer sb;
    rj::writer w(sb);
    rj::put(w, *model);
    benchmark::DoNotOptimize(sb.GetString());
    benchmark::ClobberMemory();
    bytes = sb.GetSize();
  }
  finish(st, bytes, meter);
}

template <class T>
void bm_nlohmann(benchmark::State& st, const T* model) {
  std::size_t bytes = 0;
  bench::alloc_meter meter;
  for (auto _ : st) {
    nlohmann::json j = *model;
    std::string s = j.dump();
    benchmark::DoNotOptimize(s.data());
    benchmark::ClobberMemory();
    bytes = s.size();
  }
  finish(st, bytes, meter);
}

/// A workload with prism's rows alone: its output, parsed, must equal `expected` parsed (the input it was read from;
/// keys sorted: the input's order is not the model's).
template <class T>
void add_prism_only(const std::string& workload, const T& model, const std::string& expected) {
  std::string p = prism_doc(model);
  if (prism_fixed_doc(model) != p) die(workload + ": prism's fixed-sink output differs from its std::string output");
  if (auto d = difference(parse<nlohmann::json>(p, "prism", workload), parse<nlohmann::json>(expected, "the input", workload),
                          false);
      !d.empty())
    die(workload + ": prism did not write the document it read, at " + d);
  std::printf("%-17s prism %8zu bytes: the document read\n", workload.c_str(), p.size());
  const T* m = &model;
  benchmark::RegisterBenchmark((workload + "/prism").c_str(), bm_prism<T>, m);
  benchmark::RegisterBenchmark((workload + "/prism_to_string").c_str(), bm_prism_to_string<T>, m);
}

/// The most heap held at once while `write` makes one document from nothing (seed 003's "peak heap usage").
template <class F>
std::size_t peak_heap(F write) {
  bench::heap_window window;
  write();
  return window.peak();
}

template <class T>
void add(const std::string& workload, const T& model, bool float_fields) {
  doc_sizes n = verify(workload, model, float_fields);
  std::printf("%-17s prism %8zu bytes, RapidJSON %8zu bytes, nlohmann %8zu bytes: same document\n", workload.c_str(),
              n.prism, n.rapidjson, n.nlohmann);
  const T* m = &model;
  benchmark::RegisterBenchmark((workload + "/prism").c_str(), bm_prism<T>, m);
  benchmark::RegisterBenchmark((workload + "/prism_fixed64").c_str(), bm_prism_fixed64<T>, m);
  benchmark::RegisterBenchmark((workload + "/prism_to_string").c_str(), bm_prism_to_string<T>, m);
  benchmark::RegisterBenchmark((workload + "/rapidjson").c_str(), bm_rapidjson<T>, m);
  benchmark::RegisterBenchmark((workload + "/rapidjson_fresh").c_str(), bm_rapidjson_fresh<T>, m);
  benchmark::RegisterBenchmark((workload + "/nlohmann").c_str(), bm_nlohmann<T>, m);
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  const std::filesystem::path dir = bench::data_folder(argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;

  bench::check_allocation_counter();

  // The models live until the benchmarks have run; the registered benchmarks point at them.
  static json_performance::obj_t perf = json_performance::make();
  static canada::feature_collection can;
  static twitter::search_response tw;
  static std::vector<jsonsink::sample> sink = jsonsink::make_document();
  static ns::model::C seed = ns::model::build(1000, 10);
  for (const char* f : {"canada.json", "twitter.json", "json_performance.json", "seed004_small.json", "seed004_regular.json"})
    if (!std::filesystem::exists(dir / f)) die("missing " + (dir / f).string() + ": the benchmark needs the real data");
  try {
    can = models::load_file<canada::feature_collection>((dir / "canada.json").string());
    tw = models::load_file<twitter::search_response>((dir / "twitter.json").string());
  } catch (const std::exception& e) {
    die(std::string("loading the data failed: ") + e.what());
  }
  if (can.features.empty() || tw.statuses.empty()) die("canada or twitter loaded empty");

  // The json_performance model must be the object of json_performance.json.
  {
    auto file = nlohmann::ordered_json::parse(read_file(dir / "json_performance.json"));
    auto ours = nlohmann::ordered_json::parse(prism_doc(perf));
    if (auto d = difference(file, ours, true); !d.empty())
      die("json_performance::make() is not the object of json_performance.json: " + d);
  }

  std::printf("data: %s\n", dir.string().c_str());
  add("json_performance", perf, /*float_fields=*/true);
  add("canada", can, false);
  add("twitter", tw, false);
  add("jsonsink", sink, false);
  {  // the builder writes the typed path's document, byte for byte
    std::string built;
    if (!build_jsonsink(built, sink) || built != prism_doc(sink)) die("jsonsink: the builder's document differs from prism's");
    benchmark::RegisterBenchmark("jsonsink/builder", bm_builder, &sink);
    benchmark::RegisterBenchmark("jsonsink/builder_fixed64", bm_builder_fixed64, &sink);
    // Independent documents from 1 and 2 threads (seed 001's linear scaling): bytes/s is the threads' sum.
    for (int threads : {1, 2}) {
      benchmark::RegisterBenchmark("jsonsink/prism_threads", bm_prism<std::vector<jsonsink::sample>>, &sink)
          ->Threads(threads)->UseRealTime();
      benchmark::RegisterBenchmark("jsonsink/builder_threads", bm_builder, &sink)->Threads(threads)->UseRealTime();
    }
  }
  {  // seed 003's peak heap: one document from nothing, each writer's own way
    auto note = [](const char* row, std::size_t bytes) {
      benchmark::AddCustomContext(std::string("peak_heap/jsonsink/") + row, std::to_string(bytes));
    };
    std::array<char, 64> buf;
    auto drop = [](std::string_view) { return true; };
    note("prism", peak_heap([&] { std::string out; (void)prism::json::write(sink, out); }));
    note("prism_fixed64", peak_heap([&] {
      prism::io::fixed_sink fixed(std::span<char>(buf), drop);
      (void)prism::json::write(sink, fixed);
    }));
    note("builder", peak_heap([&] { std::string out; (void)build_jsonsink(out, sink); }));
    note("builder_fixed64", peak_heap([&] {
      prism::io::fixed_sink fixed(std::span<char>(buf), drop);
      (void)build_jsonsink(fixed, sink);
    }));
    note("rapidjson_fresh", peak_heap([&] { benchmark::DoNotOptimize(rapidjson_doc(sink).size()); }));
    note("nlohmann", peak_heap([&] { benchmark::DoNotOptimize(nlohmann_doc(sink).size()); }));
  }
  add("seed000", seed, /*float_fields=*/true);

  // Seed 004's payloads: small and regular read from their files, large built as the benchmark builds it.
  static seed004::entities_t small;
  static seed004::large_struct regular;
  static seed004::xl_struct large;
  {
    std::string small_text = read_file(dir / "seed004_small.json"), regular_text = read_file(dir / "seed004_regular.json");
    auto s = prism::json::read<seed004::entities_t>(small_text);
    auto r = prism::json::read<seed004::large_struct>(regular_text);
    if (!s || !r) die("reading seed 004's payloads failed: " + (s ? r.error() : s.error()).message());
    small = std::move(*s);
    regular = std::move(*r);
    large = seed004::make_large(regular);
    add_prism_only("seed004_small", small, small_text);
    add_prism_only("seed004_regular", regular, regular_text);
    add_prism_only("seed004_large", large, "{\"Data\":[" + [&] {
      std::string all;
      for (int i = 0; i < 50; ++i) all += (i ? "," : "") + regular_text;
      return all;
    }() + "]}");
  }

  if (const char* expected = std::getenv("PRISM_BENCH_EXPECTED")) {  // for bench/go and bench/rust
    std::filesystem::path out_dir = expected;
    std::filesystem::create_directories(out_dir);
    auto save = [&](const char* doc, const std::string& text) {
      std::ofstream f(out_dir / (std::string(doc) + ".json"), std::ios::binary);
      if (!(f << text)) die("cannot write " + (out_dir / doc).string() + ".json");
    };
    save("canada", prism_doc(can));
    save("twitter", prism_doc(tw));
    save("json_performance", prism_doc(perf));
    save("seed004_small", prism_doc(small));
    save("seed004_regular", prism_doc(regular));
    save("seed004_large", prism_doc(large));
  }
  std::fflush(stdout);

  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
