#!/usr/bin/env bash
# The benchmarks, one command: installs what they need, builds them in Release with g++ (-O3 -DNDEBUG, no -march,
# so the numbers are portable), runs every C++ benchmark binary with its peers in one process each (the JSON writer,
# the typed reader, generic values, views, the binary format, streams, the HTTP service example), then the Go and
# Rust peers (bench/go, bench/rust: separate processes on the same files, checked against prism's output), measures
# executable sizes and compile cost, and writes the report with its charts.
#   bash bench/run.sh [--quick] [--report] [DATA_DIR] [extra Google Benchmark flags for every C++ binary]
# The full run writes bench/RESULTS.md and bench/charts/*.png (the published report, about 15 minutes on 2 cores
# once built); --quick (fewer and shorter repetitions, every family, a few minutes) writes build/bench/results.md
# and build/bench/charts/ and leaves the published report alone. Raw results stay in build/bench/*.json; --report
# renders the report again from them (after a change to report.py or charts.py), measuring nothing.
# DATA_DIR holds canada.json, twitter.json, json_performance.json, seed004_small.json and seed004_regular.json: by
# default the repository's copy (tests/data), which CMake lays out in the build tree; the DATA environment variable
# names one too.
# Environment (defaults full / quick): REPS (9 / 3: binary format), JSON_REPS (15 / 3: writer, reader, generic
# values, Go and Rust), VIEW_REPS (30 / 5), STREAM_REPS (5 / 1), PRISM_STREAM_MIB (1024 / 128: the streamed file's
# size), RUNS (3 / 1: compile-cost runs), LIBRARY_STATE (how to name the library measured; default: the git commit
# and any uncommitted include/ files), YYJSON_DIR (a copy of yyjson's source, a folder holding src/yyjson.c and
# src/yyjson.h: compiled into prism_dom_bench for its yyjson rows; yyjson is no Debian package, so without it those
# rows are absent). Without Go or cargo on the PATH, their rows are absent and the report says so.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
build=build/bench
quick=0 report_only=0
while [ $# -gt 0 ]; do
  case $1 in
    --quick) quick=1 ;;
    --report) report_only=1 ;;  # render the report again from the last run's results in build/bench
    *) break ;;
  esac
  shift
done
data=${DATA:-$root/$build/data/json}
if [ $# -gt 0 ] && [ -d "$1" ]; then data=$(cd "$1" && pwd); shift; fi
if [ $quick = 1 ]; then
  reps=${REPS:-3} json_reps=${JSON_REPS:-3} view_reps=${VIEW_REPS:-5} stream_reps=${STREAM_REPS:-1}
  export PRISM_STREAM_MIB=${PRISM_STREAM_MIB:-128} RUNS=${RUNS:-1}
  min_time=0.05 view_min_time=0.02 service_min_time=0.2
  report=$build/results.md chart_link=charts/
else
  reps=${REPS:-9} json_reps=${JSON_REPS:-15} view_reps=${VIEW_REPS:-30} stream_reps=${STREAM_REPS:-5}
  min_time=0.1 view_min_time=0.05 service_min_time=0.5
  report=bench/RESULTS.md chart_link=charts/
fi
started=$SECONDS
start_date=$(date -u '+%Y-%m-%d %H:%M')

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

# The report from the results in build/bench: matplotlib draws the charts, from Debian (tools/deps.sh bench) or any
# python3 that has it.
render_report() {
  local py="" candidate xlang=()
  for candidate in python3 /usr/bin/python3; do
    if "$candidate" -c "import matplotlib" 2>/dev/null; then py=$candidate; break; fi
  done
  [ -n "$py" ] || { echo "no python3 with matplotlib: bash tools/deps.sh bench installs it" >&2; exit 1; }
  [ -f "$build/go.json" ] && xlang+=(--xlang "$build/go.json")
  [ -f "$build/rust.json" ] && xlang+=(--xlang "$build/rust.json")
  "$py" bench/report.py "$build/bench.json" "$build/compile_cost.tsv" --read "$build/read_bench.json" \
    --dom "$build/dom_bench.json" --views "$build/view_bench.json" --bin "$build/bin_bench.json" \
    --stream "$build/stream_bench.json" --service "$build/service_bench.json" --exe-size "$build/exe_size.md" \
    "${xlang[@]}" --meta "$build/meta.json" --charts "$(dirname "$report")/${chart_link%/}" --chart-link "$chart_link" \
    $([ $quick = 0 ] && echo --readme README.md) >"$report"
}
if [ $report_only = 1 ]; then
  render_report
  echo "The report: $report, its charts in $(dirname "$report")/${chart_link%/}/, from the results in $build"
  exit 0
fi
# Passed empty when YYJSON_DIR is unset, so that a folder an earlier run left in the cache does not linger.
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=g++ \
  -DPRISM_BUILD_BENCH=ON -DPRISM_BUILD_TESTS=OFF -DPRISM_BUILD_EXAMPLES=OFF \
  -DPRISM_BENCH_YYJSON_DIR="${YYJSON_DIR:-}" >/dev/null
cmake --build "$build" --target prism_json_bench prism_json_read_bench prism_dom_bench prism_view_bench \
  prism_bin_bench prism_stream_bench prism_service_bench

# The Go and Rust peers: built with their own toolchains and pinned versions (bench/go/go.sum, bench/rust/Cargo.lock).
toolchains=""
have_go=0 have_rust=0
if command -v go >/dev/null; then
  (cd bench/go && go build -mod=readonly -o "$root/$build/gobench" .) && have_go=1
  toolchains="$(go version | cut -d' ' -f3)"
else
  echo "go is not on the PATH: no Go rows"
fi
if command -v cargo >/dev/null; then
  cargo build --quiet --release --locked --manifest-path bench/rust/Cargo.toml --target-dir "$root/$build/rust" &&
    have_rust=1
  toolchains="${toolchains:+$toolchains, }$(rustc --version | cut -d' ' -f1-2)"
else
  echo "cargo is not on the PATH: no Rust rows"
fi

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
gbench() {  # NAME OUT REPS MIN_TIME [flags...]: one C++ binary, its repetitions interleaved
  local name=$1 out=$2 n=$3 t=$4
  shift 4
  echo
  echo "== $name ($n interleaved repetitions, load average before: $(cut -d' ' -f1-3 /proc/loadavg)) =="
  "$build/bench/prism_${name}_bench" --benchmark_repetitions="$n" --benchmark_min_time="$t" \
    --benchmark_enable_random_interleaving=true --benchmark_display_aggregates_only=true \
    --benchmark_out="$build/$out" --benchmark_out_format=json "$@"
}
# Short repetitions in random interleaved order, so that the shared machine's drifts (its speed moves by up to 1.4x
# for seconds at a time) fall on prism and its peers alike; the report takes each row's fastest repetition (every
# repetition is in the JSON output). The writer also saves prism's output of the documents the Go and Rust
# harnesses check theirs against.
PRISM_BENCH_EXPECTED="$root/$build/expected" gbench json bench.json "$json_reps" "$min_time" "$@" "$data"
gbench json_read read_bench.json "$json_reps" "$min_time" "$@" "$data"
gbench dom dom_bench.json "$json_reps" "$min_time" "$@" "$data"
gbench view view_bench.json "$view_reps" "$view_min_time" "$@" "$data"
gbench bin bin_bench.json "$reps" "$min_time" "$@"
gbench stream stream_bench.json "$stream_reps" "$min_time" "$@" "$data"
echo
echo "== HTTP service benchmark (examples/service from 1 and 2 connections, $reps repetitions) =="
"$build/bench/prism_service_bench" --benchmark_repetitions="$reps" --benchmark_min_time="$service_min_time" \
  --benchmark_display_aggregates_only=true \
  --benchmark_out="$build/service_bench.json" --benchmark_out_format=json "$@"

rm -f "$build/go.json" "$build/rust.json"  # an earlier run's, were a toolchain gone since
# The seed 004 documents' large payload is read from prism's output, as the harnesses' README says.
cp "$data"/seed004_small.json "$data"/seed004_regular.json "$build/expected/" 2>/dev/null || true
if [ $have_go = 1 ]; then
  echo; echo "== Go: encoding/json and easyjson ($json_reps interleaved repetitions) =="
  "$build/gobench" --data "$data" --expected "$build/expected" --out "$build/go.json" --reps "$json_reps" \
    --min-time "$min_time"
fi
if [ $have_rust = 1 ]; then
  echo; echo "== Rust: serde_json and sonic-rs ($json_reps interleaved repetitions) =="
  "$build/rust/release/xlang_rust_bench" --data "$data" --expected "$build/expected" --out "$build/rust.json" \
    --reps "$json_reps" --min-time "$min_time"
fi

echo
echo "== executable size =="
bash bench/exe_size.sh "$build" | tee "$build/exe_size.md"

echo
echo "== compile cost =="
bash bench/compile_cost.sh "$build/compile_cost.tsv"

env_set=""
for v in DATA REPS JSON_REPS VIEW_REPS STREAM_REPS PRISM_STREAM_MIB RUNS; do
  [ -n "${!v:-}" ] && [ $quick = 0 ] && env_set="$env_set$v=${!v} "
done
[ -n "${YYJSON_DIR:-}" ] && env_set="${env_set}YYJSON_DIR=<yyjson's source> "
minutes=$(( (SECONDS - started + 30) / 60 ))
RUN_COMMAND="${env_set}bash bench/run.sh$([ $quick = 1 ] && echo ' --quick')${*:+ $*}" \
RUN_LIBRARY="$LIBRARY_STATE" RUN_DATE="$start_date UTC" RUN_DURATION="$minutes minutes of benchmarks once built" \
RUN_MACHINE="$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) cores, $(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1048576 )) GiB, $(. /etc/os-release && echo "$PRETTY_NAME")" \
RUN_COMPILER="$(g++ --version | head -1)" RUN_TOOLCHAINS="${toolchains:-no Go or Rust toolchain}" \
RUN_LOAD_BEFORE="$load_before" RUN_LOAD_AFTER="$(cut -d' ' -f1-3 /proc/loadavg)" RUN_MIN_TIME="$min_time" \
python3 - >"$build/meta.json" <<'PY'
import json, os
print(json.dumps({k: os.environ["RUN_" + k.upper()] for k in
      ("command", "library", "date", "duration", "machine", "compiler", "toolchains", "load_before", "load_after",
       "min_time")}, indent=1))
PY
render_report
echo "The report: $report, its charts in $(dirname "$report")/${chart_link%/}/ ($(( SECONDS - started )) s in all)"
