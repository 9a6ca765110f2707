#!/usr/bin/env bash
# Builds the demo in Release and runs it on the real data beside the repository (../shared/data) when it
# is there, on generated data otherwise. The README's demo command.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/deps.sh demo
cmake -S . -B build/demo -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=g++ -DPRISM_BUILD_TESTS=OFF >/dev/null
cmake --build build/demo --target prism_demo
data=../shared/data/json
if [ -d "$data" ]; then
  ./build/demo/examples/prism_demo "$data"
else
  ./build/demo/examples/prism_demo
fi
