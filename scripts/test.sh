#!/usr/bin/env bash
# Installs what is missing, builds rlx with its tests and the libFuzzer targets in one clang
# build (address and undefined-behaviour sanitizers on; plus an optimized rlx for the
# conformance adapter tests), and runs every test with ctest:
# unit, property, conformance, the fuzz regressions and the fuzz smoke runs.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bash "$root/scripts/setup.sh"
# An optimized rlx without sanitizers for the adapter tests and the fuzz smoke runs, which start
# many rlx processes that each do little: built at -O1, which compiles in half the time of the
# main job's -O3 (that build took 9 of CI's 31 minutes). Both builds batch each library's files
# (RLX_UNITY, CMakeLists.txt): a third less time.
cmake -S "$root" -B "$root/build/adapter" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" -DRLX_BUILD_TESTS=OFF -DRLX_UNITY=ON >/dev/null
cmake --build "$root/build/adapter" --target rlx
# One clang build for the tests and the fuzzers (a second, libFuzzer-only build of every
# library took a quarter of CI's time): -O1 with line tables, what sanitizer and OSS-Fuzz builds
# use; reports still name file:line. The libraries carry libFuzzer's coverage instrumentation,
# which the test binaries ignore. No benchmarks: the main job builds them, and sanitizers would
# make their figures meaningless.
cmake -S "$root" -B "$root/build/test" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only -DNDEBUG" \
  -DRLX_SANITIZE=ON -DRLX_FUZZERS=ON -DRLX_BUILD_BENCH=OFF -DRLX_UNITY=ON \
  -DRLX_CONFORM_RLX="$root/build/adapter/tools/rlx" -DRLX_FUZZ_SMOKE_RLX="$root/build/adapter/tools/rlx" >/dev/null
cmake --build "$root/build/test"
# The sanitizer runtime's default for the tests that are not GoogleTest cases (fuzzers, rlx
# conform): cmake/RlxTesting.cmake says why.
export ASAN_OPTIONS="${ASAN_OPTIONS:-intercept_tls_get_addr=0}"
ctest --test-dir "$root/build/test" --output-on-failure -j 2
