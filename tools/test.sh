#!/usr/bin/env bash
# Builds prism's tests and examples with g++ and runs them all. The README's test command.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/deps.sh test
# As many compiles at once as there are cores, and as the memory allows: the largest test file takes under 2 GB
# to compile (HACKING.md), so a machine with 4 GB builds two at a time, one with less builds one.
jobs=$(nproc)
memory_jobs=$(awk '/^MemAvailable:/ { print int($2 / 2097152) }' /proc/meminfo)
[ "$memory_jobs" -lt "$jobs" ] && jobs=$memory_jobs
[ "$jobs" -lt 1 ] && jobs=1
cmake -S . -B build/test -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_COMPILER=g++ -DPRISM_WERROR=ON >/dev/null
cmake --build build/test -j "$jobs"
ctest --test-dir build/test --output-on-failure -j "$(nproc)"
