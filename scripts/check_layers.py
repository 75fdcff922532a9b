#!/usr/bin/env python3
"""The layering rule (docs/contributing.md, "Layers"): one way only.

    ir <- {checker, runtime} <- interpreter <- compiler <- driver <- {conformance, fuzz, bench}
       <- tools

(The compiler stands on the interpreter: fold-constant evaluates with the reference.)

A library's sources include headers of its own folder and of folders on lower floors only; a
library links only libraries on lower floors; Z3 is included only by the prover's back end and
LLVM only under compiler/codegen/, whose library no library links (the driver loads it on
demand); test-support code (testing/) and other libraries' tests/ are
included by tests only. A test may include any library on its library's floor or below.
Prints every violation as FILE:LINE: message and exits 1 when there is one.
"""
import pathlib
import re
import sys

FLOOR = {"ir": 0, "checker": 1, "runtime": 1, "interpreter": 2, "compiler": 3, "driver": 4,
         "conformance": 5, "fuzz": 5, "bench": 5, "tools": 6}
# Libraries by floor: each folder's library, and rlx_codegen (compiler/codegen/, the code
# generators, kept apart so that only what needs LLVM links it).
# rlx_codegen_runtime (what compiled code calls, no LLVM) sits on the compiler's floor too, and
# rlx_aot (the runtime of ahead-of-time libraries) on the driver's.
LIBRARY_FLOOR = {**FLOOR, "codegen": FLOOR["compiler"], "codegen_runtime": FLOOR["compiler"], "aot": FLOOR["driver"]}
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^">]+)[">]')
LINK = re.compile(r"target_link_libraries\((\S+)([^)]*)\)", re.S)
# The only files that may include these system headers.
CONFINED = {"z3": ("checker/prover/z3_backend.cc",), "llvm/": ("compiler/codegen/",)}


def include_violation(rel, target, is_test):
    lib = rel.parts[0]
    top = target.split("/")[0]
    if top == "testing" or "/tests/" in target:
        if not is_test:
            return "a library includes test-support code: " + target
        return None
    if top not in FLOOR or top == lib:
        return None
    if is_test:
        ok = FLOOR[top] <= FLOOR[lib]
    else:
        ok = FLOOR[top] < FLOOR[lib]
    if ok:
        return None
    return f"{lib} (floor {FLOOR[lib]}) includes {target} (floor {FLOOR[top]})"


def check_sources(root, errors):
    for path in sorted(root.rglob("*")):
        if path.suffix not in (".h", ".cc", ".def") or "build" in path.parts[:1]:
            continue
        rel = path.relative_to(root)
        if rel.parts[0] not in FLOOR and rel.parts[0] != "testing":
            continue
        is_test = "tests" in rel.parts or rel.parts[0] == "testing"
        for n, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
            m = INCLUDE.match(line)
            if not m:
                continue
            bracket, target = m.groups()
            if bracket == "<":
                for prefix, allowed in CONFINED.items():
                    if target.startswith(prefix) and not str(rel).startswith(allowed):
                        errors.append(f"{rel}:{n}: <{target}> is confined to {', '.join(allowed)}")
                continue
            if rel.parts[0] == "testing":
                continue
            why = include_violation(rel, target, is_test)
            if why:
                errors.append(f"{rel}:{n}: {why}")


def check_links(root, errors):
    for lib in FLOOR:
        cmake = root / lib / "CMakeLists.txt"
        if not cmake.exists():
            continue
        for m in LINK.finditer(cmake.read_text()):
            target, deps = m.group(1), m.group(2).split()
            if not target.startswith("rlx_"):
                continue  # executables (benchmarks, fuzzers, the CLI) sit on their folder's floor
            for dep in deps:
                if dep.startswith("rlx_") and LIBRARY_FLOOR.get(dep[4:], 99) >= LIBRARY_FLOOR[target[4:]] and \
                        not (target == "rlx_codegen" and dep == "rlx_codegen_runtime"):
                    errors.append(f"{cmake.relative_to(root)}: {target} links {dep} (not below it)")
                if "Z3" in dep and target != "rlx_checker":
                    errors.append(f"{cmake.relative_to(root)}: {target} links Z3")
                if dep == "LLVM" and target != "rlx_codegen":
                    errors.append(f"{cmake.relative_to(root)}: {target} links LLVM")
                if dep == "rlx_codegen":  # loaded on demand (driver/codegen_loader.h)
                    errors.append(f"{cmake.relative_to(root)}: {target} links rlx_codegen")


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
    errors = []
    check_sources(root, errors)
    check_links(root, errors)
    for e in errors:
        print(e)
    print(f"layering: {len(errors)} violation(s)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
