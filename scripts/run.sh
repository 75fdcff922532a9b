#!/usr/bin/env bash
# The main job: install what is missing, build rlx (release), then parse every example
# program, print one in canonical TVMScript, check them all, run one with the interpreter, and
# run the conformance suite against rlx (its summary table per spec chapter).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bash "$root/scripts/setup.sh"
cmake -S "$root" -B "$root/build/release" -G Ninja -DCMAKE_BUILD_TYPE=Release -DRLX_BUILD_TESTS=OFF >/dev/null
cmake --build "$root/build/release"
rlx="$root/build/release/tools/rlx"
echo "== rlx parse examples/*.py"
"$rlx" parse "$root"/examples/*.py
echo
echo "== rlx fmt examples/mlp.py"
"$rlx" fmt "$root/examples/mlp.py"
echo
echo "== rlx check examples/*.py"
"$rlx" check "$root"/examples/*.py
echo
echo "== rlx run examples/mlp.py --random-inputs -D n=2"
"$rlx" run "$root/examples/mlp.py" --random-inputs -D n=2
echo
echo "== rlx conform (the conformance suite, conformance/, against rlx)"
"$rlx" conform
echo
echo "== rlx fuzz --time 20s (generated programs against every oracle, docs/fuzzing.md)"
"$rlx" fuzz --time 20s --no-save --quiet
