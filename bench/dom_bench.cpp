// The generic value benchmark: prism::json::value against the DOMs of nlohmann::json, RapidJSON and (when built
// with it) yyjson, reading and writing whole documents of any shape, in one binary, one run. Documents:
// twitter.json, canada.json and json_performance.json. Before anything is timed, every library parses each
// document, writes it back compact, and nlohmann parses that output, which must equal (nlohmann::json's ==) the
// input as nlohmann parsed it; prism's value read into an arena must equal (json::value's ==) the one read on the
// heap and write the same bytes. The run stops on any failure or difference.
//   prism_dom_bench [google benchmark flags] [DATA_DIR]
// DATA_DIR holds canada.json, twitter.json and json_performance.json (default: the PRISM_BENCH_DATA_DIR the build
// was configured with: the repository's copy, laid out in the build tree). Missing data is an error. yyjson's rows
// exist when the build was configured with PRISM_BENCH_YYJSON_DIR (a copy of yyjson's source, compiled in);
// without it the binary says so in one line and runs the others.
//
// Rows per document, DOC/read/LIB and DOC/write/LIB (bytes/s counts the bytes of the INPUT document for every row,
// reads and writes alike, so that MB/s compare across libraries and directions):
//   read/prism_value        prism::json::read<prism::json::value>(text) on the heap: a new value per document,
//                           destroyed in the loop
//   read/prism_value_arena  a prism::json::arena per document, read<value>(text, {.arena = &a}); value and arena
//                           dropped in the loop (the arena's blocks are heap allocations, counted like any other)
//   read/nlohmann           nlohmann::json::parse(text), destroyed in the loop
//   read/rapidjson          a new rapidjson::Document per document (its default MemoryPoolAllocator), Parse with
//                           kParseFullPrecisionFlag (without it canada's doubles come out wrong and the check fails),
//                           destroyed in the loop
//   read/yyjson             yyjson_read(text, len, 0) (it copies the input: the text is const), yyjson_doc_free
//   write/prism_value       prism::json::write(v, out) into a std::string cleared and reused (capacity kept)
//   write/nlohmann          j.dump(): a new std::string per document (nlohmann has no public call that writes into
//                           an existing string)
//   write/rapidjson         Document::Accept(Writer<StringBuffer>), buffer and writer reused (Clear, Reset)
//   write/yyjson            yyjson_write(doc, 0, &len): a new malloc'd buffer per document, freed in the loop
// Every write row serializes a DOM made once, outside the timed loop, from the same document.
// Counters: allocs/doc (heap allocations in the timed loop / iterations, see alloc_count.cpp), bytes/doc (the
// input's size); read rows also heap/doc: the most heap bytes held at once during one read, the result included,
// beyond what was held before (bench::heap_window around one read and the result's destruction, outside the timed
// loop, after a first read); write rows also output/doc, the bytes that library wrote.
#include <prism/prism.hpp>

#include <benchmark/benchmark.h>
#include <nlohmann/json.hpp>
#include <rapidjson/document.h>
#include <rapidjson/error/en.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#ifdef PRISM_BENCH_HAVE_YYJSON
#include <yyjson.h>
#endif

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "alloc_count.hpp"
#include "harness.hpp"

namespace {

using bench::die;

using bench::read_file;

constexpr unsigned rapidjson_flags = rapidjson::kParseFullPrecisionFlag;

#ifdef PRISM_BENCH_HAVE_YYJSON
struct yyjson_doc_deleter {
  void operator()(yyjson_doc* d) const noexcept { yyjson_doc_free(d); }
};
using yyjson_ptr = std::unique_ptr<yyjson_doc, yyjson_doc_deleter>;
#endif

/// One document: its text and each library's DOM of it, made once for the write rows.
struct document {
  std::string name;
  std::string text;
  prism::json::value prism;
  nlohmann::json nlohmann;
  rapidjson::Document rapidjson;
#ifdef PRISM_BENCH_HAVE_YYJSON
  yyjson_ptr yyjson;
#endif
};

// ---- each library's compact output of its DOM (outside the timed loops) ----

std::string prism_text(const prism::json::value& v) {
  std::string out;
  auto r = prism::json::write(v, out);
  if (!r) die("prism::json::write failed: " + r.error().message());
  return out;
}

std::string rapidjson_text(const rapidjson::Document& d) {
  rapidjson::StringBuffer sb;
  rapidjson::Writer<rapidjson::StringBuffer> w(sb);
  if (!d.Accept(w)) die("RapidJSON's Writer failed");
  return std::string(sb.GetString(), sb.GetSize());
}

#ifdef PRISM_BENCH_HAVE_YYJSON
std::string yyjson_text(const yyjson_doc* d) {
  std::size_t len = 0;
  char* s = yyjson_write(d, 0, &len);
  if (!s) die("yyjson_write failed");
  std::string out(s, len);
  std::free(s);
  return out;
}
#endif

// ---- checked before timing ----

/// `who`'s output, parsed by nlohmann, must be the document nlohmann parsed from the input.
void check_output(const document& d, const std::string& who, const std::string& text) {
  nlohmann::json back;
  try {
    back = nlohmann::json::parse(text);
  } catch (const std::exception& e) {
    die(d.name + ": " + who + "'s output does not parse: " + e.what());
  }
  if (back != d.nlohmann) {
    std::string first = nlohmann::json::diff(d.nlohmann, back).at(0).dump();  // a JSON Patch operation
    die(d.name + ": " + who + "'s output is not the input document; first difference: " + first.substr(0, 200));
  }
}

/// Every library parses the document (these DOMs are the write rows' data), writes it back, and its output is
/// checked against the input; prism's arena read must give the heap read's value and text.
void prepare(document& d) {
  try {
    d.nlohmann = nlohmann::json::parse(d.text);
  } catch (const std::exception& e) {
    die(d.name + ": nlohmann::json::parse failed: " + e.what());
  }

  auto p = prism::json::read<prism::json::value>(std::string_view(d.text));
  if (!p) die(d.name + ": prism::json::read<value> failed: " + p.error().message());
  d.prism = std::move(*p);
  std::string prism_out = prism_text(d.prism);
  check_output(d, "prism", prism_out);
  {
    prism::json::arena a;
    auto pa = prism::json::read<prism::json::value>(std::string_view(d.text), {.arena = &a});
    if (!pa) die(d.name + ": prism::json::read<value> into an arena failed: " + pa.error().message());
    if (!(*pa == d.prism)) die(d.name + ": prism's value read into an arena differs from the one read on the heap");
    if (prism_text(*pa) != prism_out) die(d.name + ": prism's value read into an arena writes different text");
  }

  check_output(d, "nlohmann", d.nlohmann.dump());

  d.rapidjson.Parse<rapidjson_flags>(d.text.data(), d.text.size());
  if (d.rapidjson.HasParseError())
    die(d.name + ": RapidJSON's Parse failed: " + rapidjson::GetParseError_En(d.rapidjson.GetParseError()) +
        " at byte " + std::to_string(d.rapidjson.GetErrorOffset()));
  check_output(d, "RapidJSON", rapidjson_text(d.rapidjson));

#ifdef PRISM_BENCH_HAVE_YYJSON
  yyjson_read_err err{};
  d.yyjson.reset(yyjson_read_opts(d.text.data(), d.text.size(), 0, nullptr, &err));
  if (!d.yyjson) die(d.name + ": yyjson_read failed: " + err.msg + " at byte " + std::to_string(err.pos));
  check_output(d, "yyjson", yyjson_text(d.yyjson.get()));
#endif
}

// ---- the timed loops ----

void finish(benchmark::State& st, const document& d, std::size_t allocs) {
  auto it = static_cast<double>(st.iterations());
  st.SetBytesProcessed(static_cast<std::int64_t>(st.iterations()) * static_cast<std::int64_t>(d.text.size()));
  st.counters["allocs/doc"] = benchmark::Counter(static_cast<double>(allocs) / it);
  st.counters["bytes/doc"] = benchmark::Counter(static_cast<double>(d.text.size()));
}

/// A read row: `read(d)` parses the document into a DOM that dies at the end of the call, returning false (and
/// setting `error`) on failure. One read warms up, one more is measured for heap/doc, then the timed loop.
template <class Read>
void bm_read(benchmark::State& st, const document* d) {
  Read read;
  if (!read(*d)) {
    st.SkipWithError(read.error.c_str());
    return;
  }
  std::size_t heap = 0;
  {
    bench::heap_window window;
    bool ok = read(*d);
    heap = window.peak();
    if (!ok) {
      st.SkipWithError(read.error.c_str());
      return;
    }
  }
  std::size_t a0 = bench::allocations();
  for (auto _ : st) {
    if (!read(*d)) [[unlikely]] {
      st.SkipWithError(read.error.c_str());
      break;
    }
  }
  finish(st, *d, bench::allocations() - a0);
  st.counters["heap/doc"] = benchmark::Counter(static_cast<double>(heap));
}

struct prism_value_read {
  std::string error;
  bool operator()(const document& d) {
    prism::result<prism::json::value> r = prism::json::read<prism::json::value>(std::string_view(d.text));
    if (!r) [[unlikely]] {
      error = r.error().message();
      return false;
    }
    benchmark::DoNotOptimize(&*r);
    benchmark::ClobberMemory();
    return true;
  }
};

struct prism_value_arena_read {
  std::string error;
  bool operator()(const document& d) {
    prism::json::arena a;
    prism::result<prism::json::value> r =
        prism::json::read<prism::json::value>(std::string_view(d.text), {.arena = &a});
    if (!r) [[unlikely]] {
      error = r.error().message();
      return false;
    }
    benchmark::DoNotOptimize(&*r);
    benchmark::ClobberMemory();
    return true;  // the value, then the arena's blocks, go here
  }
};

struct nlohmann_read {
  std::string error;
  bool operator()(const document& d) {
    try {
      nlohmann::json j = nlohmann::json::parse(d.text);
      benchmark::DoNotOptimize(&j);
      benchmark::ClobberMemory();
      return true;
    } catch (const std::exception& e) {
      error = e.what();
      return false;
    }
  }
};

struct rapidjson_read {
  std::string error;
  bool operator()(const document& d) {
    rapidjson::Document doc;
    doc.Parse<rapidjson_flags>(d.text.data(), d.text.size());
    if (doc.HasParseError()) [[unlikely]] {
      error = rapidjson::GetParseError_En(doc.GetParseError());
      return false;
    }
    benchmark::DoNotOptimize(&doc);
    benchmark::ClobberMemory();
    return true;
  }
};

#ifdef PRISM_BENCH_HAVE_YYJSON
struct yyjson_read_row {
  std::string error;
  bool operator()(const document& d) {
    yyjson_doc* doc = yyjson_read(d.text.data(), d.text.size(), 0);
    if (!doc) [[unlikely]] {
      error = "yyjson_read failed";
      return false;
    }
    benchmark::DoNotOptimize(doc);
    benchmark::ClobberMemory();
    yyjson_doc_free(doc);
    return true;
  }
};
#endif

void output_size(benchmark::State& st, std::size_t bytes) {
  st.counters["output/doc"] = benchmark::Counter(static_cast<double>(bytes));
}

void bm_write_prism(benchmark::State& st, const document* d) {
  std::string out;
  (void)prism::json::write(d->prism, out);  // the string's capacity is reused from here on
  std::size_t a0 = bench::allocations();
  for (auto _ : st) {
    out.clear();
    auto r = prism::json::write(d->prism, out);
    if (!r) [[unlikely]] {
      st.SkipWithError(r.error().message().c_str());
      break;
    }
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  finish(st, *d, bench::allocations() - a0);
  output_size(st, out.size());
}

void bm_write_nlohmann(benchmark::State& st, const document* d) {
  std::size_t bytes = 0;
  std::size_t a0 = bench::allocations();
  for (auto _ : st) {
    std::string s = d->nlohmann.dump();
    benchmark::DoNotOptimize(s.data());
    benchmark::ClobberMemory();
    bytes = s.size();
  }
  finish(st, *d, bench::allocations() - a0);
  output_size(st, bytes);
}

void bm_write_rapidjson(benchmark::State& st, const document* d) {
  rapidjson::StringBuffer sb;
  rapidjson::Writer<rapidjson::StringBuffer> w(sb);
  d->rapidjson.Accept(w);  // the buffer and the writer's level stack are reused from here on
  std::size_t a0 = bench::allocations();
  for (auto _ : st) {
    sb.Clear();
    w.Reset(sb);
    d->rapidjson.Accept(w);
    benchmark::DoNotOptimize(sb.GetString());
    benchmark::ClobberMemory();
  }
  finish(st, *d, bench::allocations() - a0);
  output_size(st, sb.GetSize());
}

#ifdef PRISM_BENCH_HAVE_YYJSON
void bm_write_yyjson(benchmark::State& st, const document* d) {
  std::size_t len = 0;
  std::size_t a0 = bench::allocations();
  for (auto _ : st) {
    char* s = yyjson_write(d->yyjson.get(), 0, &len);
    if (!s) [[unlikely]] {
      st.SkipWithError("yyjson_write failed");
      break;
    }
    benchmark::DoNotOptimize(s);
    benchmark::ClobberMemory();
    std::free(s);
  }
  finish(st, *d, bench::allocations() - a0);
  output_size(st, len);
}
#endif

void add(document& d) {
  prepare(d);
  std::printf("%-17s %8zu bytes: prism, nlohmann, RapidJSON%s read it, and write what nlohmann reads as the input\n",
              d.name.c_str(), d.text.size(),
#ifdef PRISM_BENCH_HAVE_YYJSON
              ", yyjson"
#else
              ""
#endif
  );
  const document* p = &d;
  auto reg = [&](const char* row, auto fn) { benchmark::RegisterBenchmark((d.name + "/" + row).c_str(), fn, p); };
  reg("read/prism_value", bm_read<prism_value_read>);
  reg("read/prism_value_arena", bm_read<prism_value_arena_read>);
  reg("read/nlohmann", bm_read<nlohmann_read>);
  reg("read/rapidjson", bm_read<rapidjson_read>);
#ifdef PRISM_BENCH_HAVE_YYJSON
  reg("read/yyjson", bm_read<yyjson_read_row>);
#endif
  reg("write/prism_value", bm_write_prism);
  reg("write/nlohmann", bm_write_nlohmann);
  reg("write/rapidjson", bm_write_rapidjson);
#ifdef PRISM_BENCH_HAVE_YYJSON
  reg("write/yyjson", bm_write_yyjson);
#endif
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  const std::filesystem::path dir = bench::data_folder(argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;

  bench::check_allocation_counter();
  // The documents live until the benchmarks have run; the registered benchmarks point at them.
  static std::vector<std::unique_ptr<document>> docs;
  for (const char* f : {"twitter.json", "canada.json", "json_performance.json"}) {
    if (!std::filesystem::exists(dir / f)) die("missing " + (dir / f).string() + ": the benchmark needs the real data");
    docs.push_back(std::make_unique<document>());
    docs.back()->name = std::filesystem::path(f).stem().string();
    docs.back()->text = read_file(dir / f);
  }

#ifdef PRISM_BENCH_HAVE_YYJSON
  benchmark::AddCustomContext("yyjson", YYJSON_VERSION_STRING);
#else
  benchmark::AddCustomContext("yyjson", "not built");
  std::printf("yyjson: not built (configure with -DPRISM_BENCH_YYJSON_DIR=<yyjson's source>): no yyjson rows\n");
#endif
  std::printf("data: %s\n", dir.string().c_str());
  for (auto& d : docs) add(*d);
  std::fflush(stdout);

  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
