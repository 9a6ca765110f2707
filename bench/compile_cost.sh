#!/usr/bin/env bash
# Compile cost: seconds and peak memory of g++ compiling the translation unit that serializes the canada and
# twitter models with prism (compile_cost/prism_tu.cpp) against the nlohmann::json equivalent
# (compile_cost/nlohmann_tu.cpp), plus the floor of the models and <string> alone (baseline_tu.cpp).
# Each TU is compiled RUNS times (default 3) with `g++ -std=c++20 -O2 -c` under /usr/bin/time -v; the table
# shows the median wall-clock and CPU (user + sys) seconds and the largest peak RSS.
#   bash bench/compile_cost.sh [OUT_TSV]    (default build/bench/compile_cost.tsv; needs the package `time`)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-build/bench/compile_cost.tsv}
runs=${RUNS:-3}
cxx=${CXX:-g++}
mkdir -p "$(dirname "$out")"
[ -x /usr/bin/time ] || { echo "compile_cost.sh: /usr/bin/time is missing (bash tools/deps.sh bench)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

printf 'tu\trun\twall_s\tcpu_s\tmax_rss_kib\n' >"$out"
for tu in prism nlohmann baseline; do
  for run in $(seq 1 "$runs"); do
    /usr/bin/time -v "$cxx" -std=c++20 -O2 -Iinclude -I. -c "bench/compile_cost/${tu}_tu.cpp" -o "$tmp/$tu.o" \
      2>"$tmp/time.txt" || { cat "$tmp/time.txt" >&2; exit 1; }
    awk -v tu="$tu" -v run="$run" -F': ' '
      /User time \(seconds\)/ { user = $2 }
      /System time \(seconds\)/ { sys = $2 }
      /Elapsed \(wall clock\) time/ {
        n = split($NF, t, ":"); wall = 0
        for (i = 1; i <= n; i++) wall = wall * 60 + t[i]
      }
      /Maximum resident set size/ { rss = $2 }
      END { printf "%s\t%d\t%.2f\t%.2f\t%d\n", tu, run, wall, user + sys, rss }' "$tmp/time.txt" >>"$out"
  done
done

echo "| translation unit | g++ -O2 wall s (median of $runs) | CPU s (median) | peak RSS MiB (max) |"
echo "| --- | ---: | ---: | ---: |"
for tu in prism nlohmann baseline; do
  awk -F'\t' -v tu="$tu" '
    BEGIN { n = 0 }  # so that the first run is w[0], not w[""]
    $1 == tu { w[n] = $3; c[n] = $4; if ($5 > m) m = $5; n++ }
    function median(a, n,   i, j, t) {
      for (i = 0; i < n; i++) for (j = i + 1; j < n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
      return n % 2 ? a[int(n / 2)] : (a[n / 2 - 1] + a[n / 2]) / 2
    }
    END {
      name = tu == "prism" ? "prism (prism_tu.cpp)" : tu == "nlohmann" ? "nlohmann::json (nlohmann_tu.cpp)" : "baseline: models + <string> only"
      printf "| %s | %.2f | %.2f | %.0f |\n", name, median(w, n), median(c, n), m / 1024
    }' "$out"
done
