#!/usr/bin/env bash
# Builds and runs the libFuzzer targets (clang, ASan + UBSan).
#   scripts/fuzz.sh build [BUILD_DIR]                  build the fuzzers
#   scripts/fuzz.sh run TARGET SECONDS [BUILD_DIR]     fuzz TARGET (parse, run, oracle) for SECONDS
# The seed corpus is every program in the repository (TIR included: ir/tests/tir_samples, the
# tir_* eval cases) plus each case of the negative tests;
# new inputs go to fuzz/corpus-work/TARGET (not committed). A crash, leak, timeout or
# out-of-memory ends the run with a non-zero status and leaves a reproducer in fuzz/artifacts.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cmd="${1:-}"

build() {
  local dir="${1:-$root/build/fuzz}"
  if ! command -v clang++ >/dev/null; then
    echo "fuzz.sh: clang++ is not installed (run scripts/setup.sh)" >&2
    return 77
  fi
  # OSS-Fuzz's flags: -O1 with line tables only (file:line in reports, half the build time).
  cmake -S "$root" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only -DNDEBUG" \
    -DCMAKE_CXX_COMPILER=clang++ -DRLX_FUZZERS=ON -DRLX_BUILD_TESTS=OFF >/dev/null
  cmake --build "$dir" --target parse_fuzzer run_fuzzer oracle_fuzzer
}

seed_corpus() {
  local out="$1"
  mkdir -p "$out"
  find "$root/examples" "$root/ir/tests/programs" "$root/interpreter/tests/eval_cases" \
    "$root/ir/tests/tir_samples" -name '*.py' -exec cp {} "$out/" \;
  # Each negative case becomes one seed.
  python3 - "$root/ir/tests/parse_errors" "$out" <<'PY'
import os, sys
src, out = sys.argv[1], sys.argv[2]
for name in sorted(os.listdir(src)):
    data = open(os.path.join(src, name), 'rb').read()
    for i, case in enumerate(data.split(b'# -----\n')):
        open(os.path.join(out, f'{name}.{i}.py'), 'wb').write(case)
PY
}

case "$cmd" in
  build)
    build "${2:-}"
    ;;
  run)
    target="${2:?target}"
    seconds="${3:?seconds}"
    dir="${4:-$root/build/fuzz}"
    bin="$dir/fuzz/${target}_fuzzer"
    if [ ! -x "$bin" ]; then
      echo "fuzz.sh: $bin is not built (scripts/fuzz.sh build); skipping" >&2
      exit 77
    fi
    seeds="$(mktemp -d)"
    trap 'rm -rf "$seeds"' EXIT
    # The text targets start from every program of the repository; the oracle target's input
    # is generator decisions, not text, so it starts empty.
    extra=(-max_len=65536 -dict="$root/fuzz/libfuzzer/tvmscript.dict")
    if [ "$target" = oracle ]; then
      extra=(-max_len=4096)
    else
      seed_corpus "$seeds"
    fi
    work="$root/fuzz/corpus-work/$target"
    mkdir -p "$work" "$root/fuzz/artifacts"
    echo "fuzz.sh: fuzzing $target for ${seconds}s ($(ls "$seeds" | wc -l) seeds)"
    # -error_exitcode=1: libFuzzer's default (77) would read as "skipped" to ctest.
    "$bin" "$work" "$seeds" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
      -error_exitcode=1 -timeout_exitcode=1 "${extra[@]}" \
      -artifact_prefix="$root/fuzz/artifacts/" -print_final_stats=1 2>&1 | tail -n 25
    ;;
  *)
    echo "usage: scripts/fuzz.sh build [BUILD_DIR] | run TARGET SECONDS [BUILD_DIR]" >&2
    exit 2
    ;;
esac
