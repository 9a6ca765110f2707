#!/usr/bin/env bash
# Fuzzes the readers (JSON and binary): builds the libFuzzer targets of tests/fuzz with clang 19 (ASan + UBSan) into build/fuzz,
# replays every saved reproducer (tests/fuzz/regressions/<target>/), then runs the targets side by side for
# FUZZ_SECONDS each on a copy of their seed corpus (build/fuzz/corpus/<target>, kept between runs; the repository's
# corpus is never written). Exits non-zero when a reproducer fails or libFuzzer finds a crash, a sanitizer report,
# a broken invariant, a leak, a timeout or an out-of-memory; the input is then in build/fuzz/artifacts/<target>/.
#   bash tools/fuzz.sh                        # every target, 60 s each, in parallel
#   FUZZ_SECONDS=300 bash tools/fuzz.sh fuzz_read
# Environment: FUZZ_SECONDS (60), FUZZ_MAX_LEN (4096 bytes), FUZZ_TIMEOUT (10 s per input), FUZZ_RSS_MB (2048).
# To minimise a crash: build/fuzz/tests/fuzz/<target> -minimize_crash=1 -runs=100000 <artifact>
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${FUZZ_SECONDS:-60}
max_len=${FUZZ_MAX_LEN:-4096}
timeout=${FUZZ_TIMEOUT:-10}
rss_mb=${FUZZ_RSS_MB:-2048}
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(fuzz_validate fuzz_read fuzz_bin_read fuzz_value)
build=build/fuzz

bash tools/deps.sh ci
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_COMPILER=clang++-19 -DCMAKE_CXX_FLAGS=-O1 \
  -DPRISM_BUILD_FUZZ=ON -DPRISM_BUILD_TESTS=OFF -DPRISM_BUILD_EXAMPLES=OFF -DPRISM_INSTALL=OFF -DPRISM_WERROR=ON \
  >/dev/null
cmake --build "$build" --target "${targets[@]}"

for s in llvm-symbolizer-19 /usr/lib/llvm-19/bin/llvm-symbolizer llvm-symbolizer; do
  if command -v "$s" >/dev/null 2>&1; then
    export ASAN_SYMBOLIZER_PATH="$(command -v "$s")"
    break
  fi
done
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}"
mkdir -p "$build/logs"

# The first lines of a failure: the sanitizer's or the invariant's report and the top of its stack.
report() {
  grep -a -m1 -n -E 'ERROR: |runtime error|invariant violated|ALARM: ' "$1" | cut -d: -f1 |
    { read -r line && sed -n "${line},$((line + 14))p" "$1" | cut -c1-300; } || tail -n 15 "$1"
}

status=0

echo "==== replaying saved reproducers"
for t in "${targets[@]}"; do
  shopt -s nullglob
  inputs=(tests/fuzz/regressions/"$t"/*)
  shopt -u nullglob
  [ ${#inputs[@]} -eq 0 ] && { echo "$t: no reproducers"; continue; }
  failed=0
  for f in "${inputs[@]}"; do  # one process per file: every failing reproducer is reported, not just the first
    log="$build/logs/$t.replay.$(basename "$f").log"
    if ! "$build/tests/fuzz/$t" -timeout="$timeout" -rss_limit_mb="$rss_mb" "$f" >"$log" 2>&1; then
      echo "FAIL $t $f"
      report "$log" | sed 's/^/    /'
      failed=$((failed + 1))
    fi
  done
  echo "$t: $((${#inputs[@]} - failed)) of ${#inputs[@]} reproducers pass"
  [ "$failed" -eq 0 ] || status=1
done

echo "==== fuzzing ${targets[*]} for ${seconds} s each"
pids=()
for t in "${targets[@]}"; do
  corpus="$build/corpus/$t"
  artifacts="$build/artifacts/$t"
  mkdir -p "$corpus" "$artifacts"
  cp tests/fuzz/corpus/"$t"/* "$corpus"/
  "$build/tests/fuzz/$t" "$corpus" -dict="tests/fuzz/$t.dict" -max_total_time="$seconds" -max_len="$max_len" \
    -timeout="$timeout" -rss_limit_mb="$rss_mb" -artifact_prefix="$artifacts/" -print_final_stats=1 \
    >"$build/logs/$t.log" 2>&1 &
  pids+=($!)
done

for i in "${!targets[@]}"; do
  t=${targets[$i]}
  log="$build/logs/$t.log"
  rc=0
  wait "${pids[$i]}" || rc=$?
  runs=$(grep -a -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || true)
  speed=$(grep -a -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' || true)
  cov=$(grep -a -E '^#[0-9]+' "$log" | tail -n 1 | grep -o 'cov: [0-9]* ft: [0-9]*' || true)
  if [ "$rc" -eq 0 ]; then
    echo "$t: ok, ${runs:-?} executions, ${speed:-?} exec/s, ${cov:-?}, corpus $(ls "$build/corpus/$t" | wc -l) files"
  else
    status=1
    echo "$t: FAILED (libFuzzer exit $rc) after ${runs:-?} executions; log $log"
    report "$log" | sed 's/^/    /'
    grep -a -E 'Test unit written to' "$log" | sed 's/^/    /' || true
  fi
done
exit "$status"
