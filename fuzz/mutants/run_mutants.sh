#!/usr/bin/env bash
# Can the fuzz harness fail? Applies each mutant patch (fuzz/mutants/*.patch, one planted bug
# each), rebuilds a Release rlx, runs `rlx fuzz` with a time budget, and reports which mutants
# were caught (the fuzzer found a failure), by which oracle and how fast, then caught / total.
#
#   bash fuzz/mutants/run_mutants.sh [--seconds 60] [--build DIR] [PATCH...]
#
# The patches are applied to the work tree one at a time and reverted after each run (also on
# interruption); the files they touch must have no uncommitted changes.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
seconds=60
build="$root/build/mutants"
patches=()
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    --build) build="$2"; shift 2 ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) patches+=("$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"); shift ;;
  esac
done
if [ ${#patches[@]} -eq 0 ]; then
  mapfile -t patches < <(ls "$root"/fuzz/mutants/*.patch)
fi

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DRLX_BUILD_TESTS=OFF >/dev/null
applied=""
revert() {
  if [ -n "$applied" ]; then git -C "$root" apply -R "$applied" && applied=""; fi
}
trap revert EXIT INT TERM

# The baseline: without a mutant the same run must pass, or every "catch" would be noise.
cmake --build "$build" --target rlx >"$build/mutant-build.log" 2>&1
if ! "$build/tools/rlx" fuzz --seed 1 --time "$seconds" --no-save --no-reduce --max-failures 1 --quiet \
    >"$build/mutant-run.log" 2>&1; then
  echo "run_mutants.sh: the fuzzer fails without a mutant:" >&2
  grep -m3 -A1 '^FAIL' "$build/mutant-run.log" >&2 || tail -n 5 "$build/mutant-run.log" >&2
  exit 2
fi
echo "baseline: $(head -n1 "$build/mutant-run.log")"

caught=0
total=0
report=""
for p in "${patches[@]}"; do
  name="$(basename "$p" .patch)"
  if ! git -C "$root" apply --check "$p" 2>/dev/null; then
    echo "$name: does not apply (skipped)"
    report+="| $name | does not apply | | |"$'\n'
    continue
  fi
  git -C "$root" apply "$p"
  applied="$p"
  if ! cmake --build "$build" --target rlx >"$build/mutant-build.log" 2>&1; then
    echo "$name: does not build (skipped; see $build/mutant-build.log)"
    report+="| $name | does not build | | |"$'\n'
    revert
    continue
  fi
  total=$((total + 1))
  start=$(date +%s%N)
  set +e
  timeout $((seconds + 60)) "$build/tools/rlx" fuzz --seed 1 --time "$seconds" --no-save --no-reduce \
    --max-failures 1 --quiet >"$build/mutant-run.log" 2>&1
  rc=$?
  set -e
  ms=$(( ($(date +%s%N) - start) / 1000000 ))
  took="$((ms / 1000)).$(( (ms % 1000) / 100 ))"
  if [ $rc -eq 0 ]; then
    echo "$name: survived ${seconds}s"
    report+="| $name | survived | ${seconds} s | |"$'\n'
  else
    caught=$((caught + 1))
    first="$(grep -m1 '^FAIL' "$build/mutant-run.log" | cut -c1-160 || true)"
    [ -z "$first" ] && first="exit $rc: $(tail -n1 "$build/mutant-run.log" | cut -c1-120)"
    oracle="$(echo "$first" | awk '/^FAIL/ {print $2}')"
    echo "$name: caught in ${took}s: $first"
    report+="| $name | caught | ${took} s | ${oracle:-crash} |"$'\n'
  fi
  revert
done

echo
echo "| mutant | result | time | oracle |"
echo "| --- | --- | ---: | --- |"
printf '%s' "$report"
echo
echo "caught $caught / $total mutants (budget ${seconds}s each)"
if [ "$total" -gt 0 ] && [ $((caught * 10)) -ge $((total * 9)) ]; then exit 0; fi
exit 1
