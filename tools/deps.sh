#!/usr/bin/env bash
# Installs the Debian packages prism's builds need, if any is missing. Usage: tools/deps.sh [demo|test|ci|bench]
# Only the library itself needs nothing but a C++20 compiler; tests, demo and benchmarks use these.
set -euo pipefail
# bench: pkgconf because Debian's CapnProtoConfig.cmake finds Cap'n Proto's libraries through pkg-config.
case "${1:-test}" in
  demo)  pkgs="cmake ninja-build g++ nlohmann-json3-dev" ;;
  test)  pkgs="cmake ninja-build g++ libgtest-dev libgmock-dev nlohmann-json3-dev g++-mips-linux-gnu qemu-user libcpp-httplib-dev pkgconf python3 python3-jsonschema valgrind" ;;
  ci)    pkgs="cmake ninja-build g++ clang-19 libclang-rt-19-dev libgtest-dev libgmock-dev nlohmann-json3-dev g++-mips-linux-gnu qemu-user libcpp-httplib-dev pkgconf python3 python3-jsonschema valgrind" ;;
  bench) pkgs="cmake ninja-build g++ libbenchmark-dev nlohmann-json3-dev rapidjson-dev libsimdjson-dev time libcereal-dev libboost-serialization-dev libmsgpack-cxx-dev protobuf-compiler libprotobuf-dev libflatbuffers-dev flatbuffers-compiler libcapnp-dev capnproto pkgconf libcpp-httplib-dev python3 python3-matplotlib" ;;
  *) echo "usage: $0 [demo|test|ci|bench]" >&2; exit 2 ;;
esac
missing=""
for p in $pkgs; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "installing:$missing"
if [ "$(id -u)" -ne 0 ]; then
  echo "these Debian packages are missing and installing them needs root:$missing" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends $missing >/dev/null
