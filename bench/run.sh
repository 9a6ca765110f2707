#!/usr/bin/env bash
# The benchmarks: installs what they need, builds them in Release with g++ (default flags: -O3 -DNDEBUG, no
# -march, so the numbers are portable), runs the writer (prism against RapidJSON's Writer and nlohmann::json)
# and the reader (prism against simdjson On Demand, RapidJSON's DOM and nlohmann::json), each binary with its
# peers, then generic values (prism::json::value against the DOMs of nlohmann::json, RapidJSON and, with YYJSON_DIR,
# yyjson), the cost of views (renaming views against the default view) and the binary format (against cereal,
# Boost.Serialization, msgpack-cxx, Protocol Buffers, FlatBuffers and Cap'n Proto), measures the executable size of a
# small program per binary library (bench/exe_size.sh) and compile cost, and prints the markdown tables of
# bench/RESULTS.md. The tables also go to build/bench/results.md, the raw Google Benchmark output to
# build/bench/bench.json (writer), build/bench/read_bench.json (reader), build/bench/dom_bench.json (generic values),
# build/bench/view_bench.json (views), build/bench/stream_bench.json (prism check and fmt on a 1 GiB file, against
# validate in memory),
# build/bench/bin_bench.json (binary format), build/bench/service_bench.json (examples/service's requests per second
# from 1 and 2 connections), the executable sizes to build/bench/exe_size.md.
#   bash bench/run.sh [DATA_DIR] [extra Google Benchmark flags for every binary, e.g. --benchmark_filter=canada]
# DATA_DIR holds canada.json, twitter.json and json_performance.json: by default the repository's copy (tests/data),
# which CMake lays out in the build tree; the DATA environment variable names one too.
# Environment: DATA, REPS (default 9: binary format, interleaved), JSON_REPS (default 15: writer, reader and
# generic values, interleaved), VIEW_REPS (default 30), STREAM_REPS (default 5: prism check and fmt on a large file),
# PRISM_STREAM_MIB (that file's size, default 1024), RUNS (compile-cost
# runs, default 3), LIBRARY_STATE (how to name the library measured; default: the git commit and any uncommitted
# include/ files), YYJSON_DIR (a copy of yyjson's source, a folder holding src/yyjson.c and src/yyjson.h: compiled
# into prism_dom_bench for its yyjson rows; yyjson is no Debian package, so without it those rows are absent).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
build=build/bench
data=${DATA:-$root/$build/data/json}
if [ $# -gt 0 ] && [ -d "$1" ]; then data=$(cd "$1" && pwd); shift; fi
reps=${REPS:-9}
json_reps=${JSON_REPS:-15}
view_reps=${VIEW_REPS:-30}
stream_reps=${STREAM_REPS:-5}

# Which prism was measured: others change include/ while benchmarks run, so say exactly.
if [ -z "${LIBRARY_STATE:-}" ]; then
  if git rev-parse --git-dir >/dev/null 2>&1; then
    LIBRARY_STATE="commit $(git rev-parse --short HEAD)"
    dirty=$(git status --porcelain -- include | awk '{print $2}' | tr '\n' ' ')
    [ -n "$dirty" ] && LIBRARY_STATE="$LIBRARY_STATE plus uncommitted changes to: $dirty"
  else
    LIBRARY_STATE="unknown (not a git checkout)"
  fi
fi

bash tools/deps.sh bench
# Passed empty when YYJSON_DIR is unset, so that a folder an earlier run left in the cache does not linger.
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=g++ \
  -DPRISM_BUILD_BENCH=ON -DPRISM_BUILD_TESTS=OFF -DPRISM_BUILD_EXAMPLES=OFF \
  -DPRISM_BENCH_YYJSON_DIR="${YYJSON_DIR:-}" >/dev/null
cmake --build "$build" --target prism_json_bench prism_json_read_bench prism_dom_bench prism_view_bench \
  prism_bin_bench prism_stream_bench prism_service_bench

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
echo
# Writer and reader: short repetitions in random interleaved order, so that the shared machine's drifts (its speed
# moves by up to 1.4x for seconds at a time) fall on prism and its peers alike rather than on whichever ran then;
# the report takes each row's fastest repetition (every repetition is in the JSON output).
echo "== writer benchmark ($json_reps interleaved repetitions, load average before: $load_before) =="
"$build/bench/prism_json_bench" --benchmark_repetitions="$json_reps" --benchmark_min_time=0.1 \
  --benchmark_enable_random_interleaving=true --benchmark_display_aggregates_only=true \
  --benchmark_out="$build/bench.json" --benchmark_out_format=json "$@" "$data"

echo
echo "== reader benchmark ($json_reps interleaved repetitions, load average before: $(cut -d' ' -f1-3 /proc/loadavg)) =="
"$build/bench/prism_json_read_bench" --benchmark_repetitions="$json_reps" --benchmark_min_time=0.1 \
  --benchmark_enable_random_interleaving=true --benchmark_display_aggregates_only=true \
  --benchmark_out="$build/read_bench.json" --benchmark_out_format=json "$@" "$data"

echo
echo "== generic values benchmark ($json_reps interleaved repetitions, load average before: $(cut -d' ' -f1-3 /proc/loadavg)) =="
"$build/bench/prism_dom_bench" --benchmark_repetitions="$json_reps" --benchmark_min_time=0.1 \
  --benchmark_enable_random_interleaving=true --benchmark_display_aggregates_only=true \
  --benchmark_out="$build/dom_bench.json" --benchmark_out_format=json "$@" "$data"

echo
echo "== view benchmark ($view_reps interleaved repetitions, load average before: $(cut -d' ' -f1-3 /proc/loadavg)) =="
"$build/bench/prism_view_bench" --benchmark_repetitions="$view_reps" --benchmark_min_time=0.05 \
  --benchmark_enable_random_interleaving=true --benchmark_report_aggregates_only=true \
  --benchmark_out="$build/view_bench.json" --benchmark_out_format=json "$@" "$data"

echo
echo "== binary benchmark ($reps interleaved repetitions, load average before: $(cut -d' ' -f1-3 /proc/loadavg)) =="
"$build/bench/prism_bin_bench" --benchmark_repetitions="$reps" --benchmark_min_time=0.1 \
  --benchmark_enable_random_interleaving=true --benchmark_display_aggregates_only=true \
  --benchmark_out="$build/bin_bench.json" --benchmark_out_format=json "$@"

echo
echo "== streaming benchmark (prism check and fmt on a ${PRISM_STREAM_MIB:-1024} MiB file, $stream_reps interleaved repetitions, load average before: $(cut -d' ' -f1-3 /proc/loadavg)) =="
"$build/bench/prism_stream_bench" --benchmark_repetitions="$stream_reps" --benchmark_min_time=0.1 \
  --benchmark_enable_random_interleaving=true --benchmark_display_aggregates_only=true \
  --benchmark_out="$build/stream_bench.json" --benchmark_out_format=json "$@" "$data"

echo
echo "== HTTP service benchmark (examples/service from 1 and 2 connections, $reps repetitions, load average before: $(cut -d' ' -f1-3 /proc/loadavg)) =="
"$build/bench/prism_service_bench" --benchmark_repetitions="$reps" --benchmark_min_time=0.5 \
  --benchmark_display_aggregates_only=true \
  --benchmark_out="$build/service_bench.json" --benchmark_out_format=json "$@"

echo
echo "== executable size =="
bash bench/exe_size.sh "$build" | tee "$build/exe_size.md"

echo
echo "== compile cost =="
bash bench/compile_cost.sh "$build/compile_cost.tsv"

{
  env_set=""
  for v in DATA REPS JSON_REPS VIEW_REPS STREAM_REPS PRISM_STREAM_MIB RUNS; do [ -n "${!v:-}" ] && env_set="$env_set$v=${!v} "; done
  [ -n "${YYJSON_DIR:-}" ] && env_set="${env_set}YYJSON_DIR=<yyjson's source> "
  echo "Command: \`${env_set}bash bench/run.sh${*:+ $*}\` (g++ Release, -O3 -DNDEBUG, no -march)"
  echo
  echo "Library: prism $LIBRARY_STATE"
  echo
  echo "Machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) cores;" \
       "compiler: $(g++ --version | head -1); date: $(date -u '+%Y-%m-%d %H:%M UTC');" \
       "load average (1/5/15 min) before the benchmarks: $load_before, after the run: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo
  python3 bench/report.py "$build/bench.json" "$build/compile_cost.tsv" --read "$build/read_bench.json" \
    --dom "$build/dom_bench.json" --views "$build/view_bench.json" --bin "$build/bin_bench.json" \
    --stream "$build/stream_bench.json" --service "$build/service_bench.json"
  echo  # within the binary format's section, which report.py prints last
  echo "#### executable size"
  echo
  cat "$build/exe_size.md"
} >"$build/results.md"
echo
cat "$build/results.md"
