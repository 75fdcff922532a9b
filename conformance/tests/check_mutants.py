#!/usr/bin/env python3
"""Checks that the conformance suite catches each planted bug of mutant_adapter.py.

    check_mutants.py --rlx PATH [--jsonl-dir DIR] [--verbose] [MUTANT...] [-- CONFORM-ARGS...]

For each mutant (default: all of them) it runs

    PATH conform --impl "python3 tests/mutant_adapter.py MUTANT --rlx PATH" --jsonl DIR/MUTANT.jsonl \
        CONFORM-ARGS...

(CONFORM-ARGS, e.g. `--suite DIR` or suite paths, go to every `rlx conform` run unchanged.)

A mutant is *caught* when the run exits non-zero and at least one assertion fails that passes
under the `none` mutant (the same wrapper without a bug), which runs first as the baseline; a
baseline failure is rlx's own and is reported, not counted. Exit status 1 if any mutant is not
caught (or the baseline run could not be read). Standard library only.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))  # conformance/tests -> the repository root
ADAPTER = os.path.join(HERE, "mutant_adapter.py")
FAILING = ("fail", "xpass", "unsupported")


def all_mutants():
    sys.path.insert(0, HERE)
    sys.dont_write_bytecode = True
    import mutant_adapter
    return [m for m in mutant_adapter.MUTANTS if m != "none"]


def run_suite(rlx, mutant, jsonl, verbose, extra):
    """Runs the suite through the mutant; returns (exit code, {id: record} of failing assertions)."""
    impl = f"python3 {ADAPTER} {mutant} --rlx {rlx}"
    if " " in ADAPTER or " " in rlx:
        sys.exit("check_mutants.py: --impl is split on spaces; use paths without spaces")
    if os.path.exists(jsonl):
        os.remove(jsonl)
    cmd = [rlx, "conform", "--impl", impl, "--jsonl", jsonl, *extra]
    p = subprocess.run(cmd, cwd=ROOT, stdout=None if verbose else subprocess.DEVNULL,
                       stderr=None if verbose else subprocess.PIPE, text=True)
    failing = {}
    if os.path.exists(jsonl):
        with open(jsonl) as f:
            for line in f:
                if line.strip():
                    record = json.loads(line)
                    if record.get("status") in FAILING:
                        failing[record["id"]] = record
    elif not verbose:
        print(f"  {mutant}: no {jsonl} (exit {p.returncode}): {(p.stderr or '').strip()[-500:]}")
    return p.returncode, failing


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rlx", required=True, help="the rlx binary")
    parser.add_argument("--jsonl-dir", help="where to keep each run's --jsonl (default: a temp dir)")
    parser.add_argument("--verbose", action="store_true", help="show the runner's output")
    parser.add_argument("mutants", nargs="*", help="mutants to check (default: all)")
    argv = sys.argv[1:]
    extra = argv[argv.index("--") + 1:] if "--" in argv else []
    args = parser.parse_args(argv[:argv.index("--")] if "--" in argv else argv)
    rlx = os.path.abspath(args.rlx)
    known = all_mutants()
    for m in args.mutants:
        if m not in known:
            parser.error(f"unknown mutant {m!r} (known: {', '.join(known)})")
    out = args.jsonl_dir or tempfile.mkdtemp(prefix="check_mutants_")
    os.makedirs(out, exist_ok=True)

    start = time.monotonic()
    code, baseline = run_suite(rlx, "none", os.path.join(out, "none.jsonl"), args.verbose, extra)
    seconds = time.monotonic() - start
    if not os.path.exists(os.path.join(out, "none.jsonl")):
        print("baseline (mutant none): the runner wrote no results")
        return 1
    print(f"baseline (mutant none): exit {code}, {len(baseline)} failing assertions, {seconds:.1f} s"
          + "".join(f"\n    {i}: {r.get('reason', '')[:200]}" for i, r in list(baseline.items())[:5]))

    missed = []
    for mutant in args.mutants or known:
        start = time.monotonic()
        code, failing = run_suite(rlx, mutant, os.path.join(out, f"{mutant}.jsonl"), args.verbose,
                                  extra)
        seconds = time.monotonic() - start
        new = {i: r for i, r in failing.items() if i not in baseline}
        caught = code != 0 and bool(new)
        if not caught:
            missed.append(mutant)
        print(f"{mutant}: {'caught' if caught else 'NOT caught'} (exit {code}, "
              f"{len(new)} failing assertions, {seconds:.1f} s)")
        for i, r in list(new.items())[:5]:
            print(f"    {i} [{r.get('status')}]: {r.get('reason', '')[:200]}")
    print(f"{len(missed)} mutant(s) not caught: {', '.join(missed)}" if missed
          else "every mutant was caught")
    print(f"results: {out}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
