#!/usr/bin/env bash
# Builds the demo in Release and runs it on the real data in the repository (tests/data, laid out in the build
# tree by CMake), or on the folder given as the first argument. The README's demo command.
#   bash tools/demo.sh [DATA_DIR]   DATA_DIR holds canada.json and twitter.json
set -euo pipefail
data=${1:+$(cd "$1" && pwd)}
cd "$(dirname "$0")/.."
bash tools/deps.sh demo
cmake -S . -B build/demo -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=g++ -DPRISM_BUILD_TESTS=OFF >/dev/null
cmake --build build/demo --target prism_demo
./build/demo/examples/prism_demo "${data:-build/demo/data/json}"
