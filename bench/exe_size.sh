#!/usr/bin/env bash
# Executable size: builds bench/exe_size's programs in BUILD_DIR (configured with -DPRISM_BUILD_BENCH=ON, as
# bench/run.sh does), runs each and checks that it prints the baseline's checksum (so every library read back
# every value it wrote), and prints a markdown table: each stripped executable's bytes, the bytes over the baseline
# (the same models, copied instead of serialized), and the shared libraries it needs beyond the C and C++ runtimes
# (libc, libstdc++, libm, libgcc_s), which ship with it, with their total bytes. Build output goes to stderr.
#   bash bench/exe_size.sh BUILD_DIR
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 BUILD_DIR" >&2; exit 2; }
build=$1
libs="baseline prism cereal boost msgpack protobuf flatbuffers capnp"
cmake --build "$build" --target $(printf 'exe_size_%s ' $libs) >&2

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
commas() { sed ':a;s/\B[0-9]\{3\}\>/,&/;ta' <<<"$1"; }
exe() { echo "$build/bench/exe_size/exe_size_$1"; }

expected=$("$(exe baseline)")
strip -o "$tmp/baseline" "$(exe baseline)"
baseline=$(stat -c %s "$tmp/baseline")
echo "| library | executable bytes (stripped) | over baseline |" \
     "shared libraries beyond libc, libstdc++, libm, libgcc_s | their bytes |"
echo "| --- | ---: | ---: | --- | ---: |"
for lib in $libs; do
  sum=$("$(exe "$lib")")
  [ "$sum" = "$expected" ] || { echo "exe_size_$lib prints checksum $sum, the baseline $expected" >&2; exit 1; }
  strip -o "$tmp/$lib" "$(exe "$lib")"
  bytes=$(stat -c %s "$tmp/$lib")
  # ldd's "soname => path (address)" lines: every library loaded, the peers' own dependencies included
  names="" shared=0
  while read -r name path; do
    names="$names${names:+, }$name"
    shared=$((shared + $(stat -L -c %s "$path")))
  done < <(ldd "$(exe "$lib")" | awk '$2 == "=>" && $3 ~ /^\// {print $1, $3}' |
           grep -Ev '^(libc|libstdc\+\+|libm|libgcc_s)\.so')
  echo "| $lib | $(commas "$bytes") | $(commas $((bytes - baseline))) | ${names:-none} | $(commas "$shared") |"
done
cache() { sed -n "s/^$1:[A-Z]*=//p" "$build/CMakeCache.txt"; }
type=$(cache CMAKE_BUILD_TYPE)
echo
echo "Each program writes and reads back one \`integers\`, a \`vector<integers>\`, a \`vector<int32_t>\`, a" \
     "\`vector<float>\` and a \`map<int32_t, int32_t>\` (no trees: msgpack-cxx and the schema formats have no" \
     "pointers), with the schema formats' copy to and from their generated types; all print the baseline's checksum" \
     "of the values read back. $("$(cache CMAKE_CXX_COMPILER)" --version | head -1), $type:" \
     "$(cache "CMAKE_CXX_FLAGS_${type^^}"), libstdc++ shared; \`strip\` on a copy." \
     "Shared libraries as the system ships them (ldd), by file size."
