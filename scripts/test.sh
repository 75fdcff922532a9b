#!/usr/bin/env bash
# Installs what is missing, builds rlx with its tests (address and undefined-behaviour
# sanitizers on; plus a Release rlx for the conformance adapter tests), builds the libFuzzer
# targets with clang, and runs every test with ctest:
# unit, property, conformance, the fuzz regressions and the fuzz smoke runs.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bash "$root/scripts/setup.sh"
# A Release rlx (the main job's build) for the adapter tests, which start many rlx processes.
cmake -S "$root" -B "$root/build/release" -G Ninja -DCMAKE_BUILD_TYPE=Release -DRLX_BUILD_TESTS=OFF >/dev/null
cmake --build "$root/build/release" --target rlx
# -O1 with line tables (-g1): what sanitizer builds are usually built with; half the build
# time of -O2 -g, and reports still name file:line.
cmake -S "$root" -B "$root/build/test" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" -DRLX_SANITIZE=ON -DRLX_FUZZ_BUILD_DIR="$root/build/fuzz" \
  -DRLX_CONFORM_RLX="$root/build/release/tools/rlx" -DRLX_FUZZ_SMOKE_RLX="$root/build/release/tools/rlx" >/dev/null
cmake --build "$root/build/test"
bash "$root/scripts/fuzz.sh" build "$root/build/fuzz"
ctest --test-dir "$root/build/test" --output-on-failure -j 2
