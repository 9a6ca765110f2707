// The JSON reader benchmark: prism, simdjson's On Demand API, RapidJSON's DOM and nlohmann::json reading the
// same documents into the same typed models, in one binary, one run. Workloads: json_performance.json into
// json_performance::obj_t, canada.json into canada::feature_collection, twitter.json into
// twitter::search_response (a typed subset: two thirds of the input is skipped) and the seed 000 model
// (prism's own output for ns::model::build(1000, 0)). Before anything is timed, every reader fills a fresh
// object and then the same object again, and both must equal the reference value field by field (doubles
// bit for bit); the run stops if one does not.
//   prism_json_read_bench [google benchmark flags] [DATA_DIR]
// DATA_DIR holds canada.json, twitter.json and json_performance.json (default: the PRISM_BENCH_DATA_DIR the
// build was configured with: the repository's copy, laid out in the build tree). Missing data is an error.
//
// Rows per workload (bytes/s counts the bytes of the INPUT document, the same for every row):
//   prism        prism::json::read_into into one object reused across documents: the main number
//   prism_fresh  prism::json::read<T>: a new object per document
//   simdjson     On Demand: parser reused, padded input made once, object reused (simdjson_read_models.hpp)
//   rapidjson    Document::Parse into a reused Document, then the object filled from the DOM
//                (rapidjson_read_models.hpp)
//   nlohmann     nlohmann::json::parse, then from_json into the reused object (nlohmann_read_models.hpp)
// seed004_small, seed004_regular and seed004_large (seed 004's payloads, models/seed004.hpp; large is prism's
// output for 50 copies of regular) have the prism rows alone: their peers are in other languages (bench/go,
// bench/rust), run as separate processes on the same files.
// Counters: allocs/doc and alloc_bytes/doc (heap allocations and bytes allocated in the timed loop / iterations,
// see alloc_count.cpp), bytes/doc.
#include <prism/prism.hpp>

#include <benchmark/benchmark.h>
#include <simdjson.h>

#include <bit>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "alloc_count.hpp"
#include "harness.hpp"
#include "models/canada.hpp"
#include "models/json_performance.hpp"
#include "models/load_nlohmann.hpp"
#include "models/seed000.hpp"
#include "models/seed004.hpp"
#include "models/twitter.hpp"
#include "nlohmann_read_models.hpp"
#include "rapidjson_read_models.hpp"
#include "simdjson_read_models.hpp"

namespace {

using bench::die;

using bench::read_file;

/// One workload: the input text, simdjson's padded copy of it (made once: padding is the caller's job in
/// simdjson, as a buffer read from a socket would be allocated with room for it) and the value it holds.
template <class T>
struct workload {
  workload(std::string name_, std::string text_, T reference_)
      : name(std::move(name_)), text(std::move(text_)), padded(text), reference(std::move(reference_)) {}
  std::string name;
  std::string text;
  simdjson::padded_string padded;
  T reference;
};

// ---- comparing filled models ----

template <class T>
std::string show(const T& v) {
  if constexpr (std::is_same_v<T, bool>) {
    return v ? "true" : "false";
  } else if constexpr (std::is_floating_point_v<T>) {
    char buf[32];
    return std::string(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);  // shortest round trip
  } else if constexpr (std::is_integral_v<T>) {
    return std::to_string(v);
  } else {
    return "\"" + std::string(v).substr(0, 60) + "\"";
  }
}

/// Empty when `a` and `b` hold the same value, else the path of the first difference and both values.
/// Floating-point values compare bit for bit: every reader here rounds correctly, so a tolerance would only
/// hide a bug.
template <class T>
std::string difference(const T& a, const T& b, const std::string& path = "$") {
  constexpr prism::kind k = prism::kind_of<T>;
  if constexpr (k == prism::kind::floating) {
    using bits = std::conditional_t<sizeof(T) == 8, std::uint64_t, std::uint32_t>;
    if (std::bit_cast<bits>(a) == std::bit_cast<bits>(b)) return {};
    return path + ": " + show(a) + " vs " + show(b);
  } else if constexpr (k == prism::kind::boolean || k == prism::kind::integer || k == prism::kind::string) {
    if (a == b) return {};
    return path + ": " + show(a) + " vs " + show(b);
  } else if constexpr (k == prism::kind::optional) {
    if (a.has_value() != b.has_value())
      return path + ": " + (a ? "a value" : "null") + " vs " + (b ? "a value" : "null");
    return a ? difference(*a, *b, path) : std::string();
  } else if constexpr (k == prism::kind::sequence) {
    if (a.size() != b.size())
      return path + ": " + std::to_string(a.size()) + " vs " + std::to_string(b.size()) + " elements";
    for (std::size_t i = 0; i < a.size(); ++i)
      if (auto d = difference(a[i], b[i], path + "[" + std::to_string(i) + "]"); !d.empty()) return d;
    return {};
  } else if constexpr (k == prism::kind::record) {
    return prism::detail::visit_members(a, [&](const auto&... fa) {
      return prism::detail::visit_members(b, [&](const auto&... fb) {
        std::string d;
        std::size_t i = 0;
        auto field = [&](const auto& x, const auto& y) {
          if (d.empty()) d = difference(x, y, path + "." + std::string(prism::detail::field_names<T>[i]));
          ++i;
        };
        (field(fa, fb), ...);  // field i of a against field i of b, up to the first difference
        return d;
      });
    });
  } else {
    static_assert(k == prism::kind::record, "difference: add this kind when a model needs it");
  }
}

// ---- the readers: each keeps its reusable state and fills `out` from a workload's input ----
// operator() returns false and sets `error` on failure; peers' exceptions are caught here, per document.

template <class T>
struct prism_reader {
  std::string error;
  bool operator()(const workload<T>& w, T& out) {
    prism::result<void> r = prism::json::read_into(w.text, out);
    if (!r) [[unlikely]]
      error = r.error().message();
    return r.has_value();
  }
};

template <class T>
struct simdjson_reader {
  std::string error;
  simdjson::ondemand::parser parser;
  bool operator()(const workload<T>& w, T& out) {
    try {
      simdjson_read::read(parser, w.padded, out);
      return true;
    } catch (const simdjson::simdjson_error& e) {
      error = e.what();
      return false;
    }
  }
};

template <class T>
struct rapidjson_reader {
  std::string error;
  rapidjson::Document doc;
  bool operator()(const workload<T>& w, T& out) {
    try {
      rapidjson_read::read(doc, w.text, out);
      return true;
    } catch (const std::runtime_error& e) {
      error = e.what();
      return false;
    }
  }
};

template <class T>
struct nlohmann_reader {
  std::string error;
  bool operator()(const workload<T>& w, T& out) {
    try {
      nlohmann::json::parse(w.text).get_to(out);
      return true;
    } catch (const nlohmann::json::exception& e) {
      error = e.what();
      return false;
    }
  }
};

// ---- checked before timing ----

template <class T>
void check(const workload<T>& w, const std::string& who, const T& got) {
  if (auto d = difference(w.reference, got); !d.empty()) die(w.name + ": " + who + " read a different value at " + d);
}

/// The reader fills a fresh object, then the same object again: the timed loop reuses it, so a reader that
/// appended to what was there (or kept stale elements) is caught here too.
template <template <class> class Reader, class T>
void verify(const workload<T>& w, const std::string& who) {
  Reader<T> read;
  T out{};
  for (const char* pass : {"into a fresh object", "into a reused object"}) {
    if (!read(w, out)) die(w.name + ": " + who + " failed " + pass + ": " + read.error);
    check(w, who + " (" + pass + ")", out);
  }
}

template <class T>
void verify_prism_fresh(const workload<T>& w) {
  prism::result<T> r = prism::json::read<T>(w.text);
  if (!r) die(w.name + ": prism::json::read failed: " + r.error().message());
  check(w, "prism::json::read", *r);
}

// ---- the timed loops ----

void finish(benchmark::State& st, std::size_t input_bytes, const bench::alloc_meter& meter) {
  auto it = static_cast<double>(st.iterations());
  st.SetBytesProcessed(static_cast<std::int64_t>(st.iterations()) * static_cast<std::int64_t>(input_bytes));
  st.counters["allocs/doc"] = benchmark::Counter(static_cast<double>(meter.allocs()) / it);
  st.counters["alloc_bytes/doc"] = benchmark::Counter(static_cast<double>(meter.bytes()) / it);
  st.counters["bytes/doc"] = benchmark::Counter(static_cast<double>(input_bytes));
}

/// One reader, one object reused across documents (the capacity of its strings and vectors, and the
/// reader's own state, are warmed by a first read outside the timed loop).
template <template <class> class Reader, class T>
void bm_read(benchmark::State& st, const workload<T>* w) {
  Reader<T> read;
  T out{};
  if (!read(*w, out)) {
    st.SkipWithError(read.error.c_str());
    return;
  }
  bench::alloc_meter meter;
  for (auto _ : st) {
    if (!read(*w, out)) [[unlikely]] {
      st.SkipWithError(read.error.c_str());
      break;
    }
    benchmark::DoNotOptimize(&out);
    benchmark::ClobberMemory();
  }
  finish(st, w->text.size(), meter);
}

template <class T>
void bm_prism_fresh(benchmark::State& st, const workload<T>* w) {
  bench::alloc_meter meter;
  for (auto _ : st) {
    prism::result<T> r = prism::json::read<T>(w->text);
    if (!r) [[unlikely]] {
      st.SkipWithError(r.error().message().c_str());
      break;
    }
    benchmark::DoNotOptimize(&*r);
    benchmark::ClobberMemory();
  }
  finish(st, w->text.size(), meter);
}

template <class T>
void add(const workload<T>& w) {
  verify<prism_reader>(w, "prism::json::read_into");
  verify_prism_fresh(w);
  verify<simdjson_reader>(w, "simdjson");
  verify<rapidjson_reader>(w, "RapidJSON");
  verify<nlohmann_reader>(w, "nlohmann");
  std::printf("%-17s %8zu bytes: prism, simdjson, RapidJSON and nlohmann all read the reference value\n",
              w.name.c_str(), w.text.size());
  const workload<T>* p = &w;
  benchmark::RegisterBenchmark((w.name + "/prism").c_str(), bm_read<prism_reader, T>, p);
  benchmark::RegisterBenchmark((w.name + "/prism_fresh").c_str(), bm_prism_fresh<T>, p);
  benchmark::RegisterBenchmark((w.name + "/simdjson").c_str(), bm_read<simdjson_reader, T>, p);
  benchmark::RegisterBenchmark((w.name + "/rapidjson").c_str(), bm_read<rapidjson_reader, T>, p);
  benchmark::RegisterBenchmark((w.name + "/nlohmann").c_str(), bm_read<nlohmann_reader, T>, p);
}

/// A workload with prism's rows alone.
template <class T>
void add_prism_only(const workload<T>& w) {
  verify<prism_reader>(w, "prism::json::read_into");
  verify_prism_fresh(w);
  std::printf("%-17s %8zu bytes: prism reads the reference value\n", w.name.c_str(), w.text.size());
  benchmark::RegisterBenchmark((w.name + "/prism").c_str(), bm_read<prism_reader, T>, &w);
  benchmark::RegisterBenchmark((w.name + "/prism_fresh").c_str(), bm_prism_fresh<T>, &w);
}

template <class T>
T load_reference(const std::filesystem::path& file) {
  try {
    return models::load_file<T>(file.string());
  } catch (const std::exception& e) {
    die("loading " + file.string() + " failed: " + e.what());
  }
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  const std::filesystem::path dir = bench::data_folder(argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;

  bench::check_allocation_counter();
  for (const char* f : {"canada.json", "twitter.json", "json_performance.json", "seed004_small.json", "seed004_regular.json"})
    if (!std::filesystem::exists(dir / f)) die("missing " + (dir / f).string() + ": the benchmark needs the real data");

  // The references: json_performance::make() and build() are the values themselves; canada and twitter are
  // loaded through nlohmann's DOM and prism's reflection (models/load_nlohmann.hpp), a path none of the timed
  // readers takes. The workloads live until the benchmarks have run; the registered benchmarks point at them.
  static const workload<json_performance::obj_t> perf("json_performance", read_file(dir / "json_performance.json"),
                                                      json_performance::make());
  static const workload<canada::feature_collection> can(
      "canada", read_file(dir / "canada.json"), load_reference<canada::feature_collection>(dir / "canada.json"));
  static const workload<twitter::search_response> tw(
      "twitter", read_file(dir / "twitter.json"), load_reference<twitter::search_response>(dir / "twitter.json"));
  static const workload<ns::model::C> seed("seed000", prism::json::to_string(ns::model::build(1000, 0)).value(),
                                           ns::model::build(1000, 0));
  if (can.reference.features.empty() || tw.reference.statuses.empty()) die("canada or twitter loaded empty");

  // simdjson picks its stage 1 (structural indexing) at run time; its On Demand front end is compiled for
  // the build's flags (no -march here: its portable "fallback" kernel). Both go into the report.
  benchmark::AddCustomContext("simdjson", std::to_string(simdjson::SIMDJSON_VERSION_MAJOR) + "." +
                                              std::to_string(simdjson::SIMDJSON_VERSION_MINOR) + "." +
                                              std::to_string(simdjson::SIMDJSON_VERSION_REVISION) + ", stage 1 " +
                                              simdjson::get_active_implementation()->name() + ", On Demand " +
                                              simdjson::builtin_implementation()->name());

  std::printf("data: %s\n", dir.string().c_str());
  add(perf);
  add(can);
  add(tw);
  add(seed);

  // Seed 004's payloads; large is regular's value 50 times, as that benchmark builds it, written by prism.
  static const workload<seed004::entities_t> small("seed004_small", read_file(dir / "seed004_small.json"),
                                                   load_reference<seed004::entities_t>(dir / "seed004_small.json"));
  static const workload<seed004::large_struct> regular(
      "seed004_regular", read_file(dir / "seed004_regular.json"),
      load_reference<seed004::large_struct>(dir / "seed004_regular.json"));
  static const workload<seed004::xl_struct> large("seed004_large",
                                                  prism::json::to_string(seed004::make_large(regular.reference)).value(),
                                                  seed004::make_large(regular.reference));
  if (regular.reference.statuses.empty()) die("seed004_regular loaded empty");
  add_prism_only(small);
  add_prism_only(regular);
  add_prism_only(large);
  std::fflush(stdout);

  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
