"""Builds the TVMScript module of every case of the given .cases files (the same module the C++
test builds) and runs `rlx check` on them, so that a generator can verify that its cases are
well typed without building anything.

  /usr/bin/python3 casecheck.py [--rlx PATH] [--keep DIR] FILE.cases...

Prints each case whose module `rlx check` rejects, with the diagnostics; exit 1 if any."""
import os
import subprocess
import sys
import tempfile


def parse_cases(path):
    """Yields dicts: name, call, inputs [(name, kind, dtype, shape_text)], sig {name: shape}."""
    case = None
    for line in open(path):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        word, _, rest = line.partition(" ")
        if word == "case":
            case = {"name": rest, "inputs": [], "sig": {}, "call": None}
        elif word == "call":
            case["call"] = rest
        elif word == "input":
            name, kind, more = rest.split(" ", 2)
            if kind == "prim":
                case["inputs"].append((name, "prim", more.split(" ")[0], None))
            elif kind == "shape":
                case["inputs"].append((name, "shape", None, more))
            else:
                shape = more[: more.index(")") + 1]
                case["inputs"].append((name, "tensor", kind, shape))
        elif word == "sig":
            name, shape = rest.split(" ", 1)
            case["sig"][name] = shape
        elif word == "end":
            yield case
            case = None


def module_text(case):
    """The module of a case; keep in sync with BuildCaseModule in op_cases_test.cc."""
    params = []
    for name, kind, dtype, shape in case["inputs"]:
        if kind == "prim":
            params.append(f'{name}: R.Prim("{dtype}")')
        elif kind == "shape":
            dims = shape.strip("()").replace(" ", "")
            dims = [d for d in dims.split(",") if d]
            params.append(f'{name}: R.Shape([{", ".join(dims)}])')
        else:
            params.append(f'{name}: R.Tensor({case["sig"].get(name, shape)}, "{dtype}")')
    return (
        "from tvm.script import ir as I, relax as R, tir as T\n\n\n"
        "@I.ir_module\nclass Case:\n    @R.function\n"
        f"    def main({', '.join(params)}):\n"
        f"        result = {case['call']}\n"
        "        return result\n"
    )


def main(argv):
    rlx = os.path.join(os.path.dirname(__file__), "../../../build/tools/rlx")
    keep = None
    files = []
    i = 0
    while i < len(argv):
        if argv[i] == "--rlx":
            rlx = argv[i + 1]; i += 2
        elif argv[i] == "--keep":
            keep = argv[i + 1]; i += 2
        else:
            files.append(argv[i]); i += 1
    out_dir = keep or tempfile.mkdtemp()
    os.makedirs(out_dir, exist_ok=True)
    paths = {}
    for f in files:
        for case in parse_cases(f):
            p = os.path.join(out_dir, case["name"].replace("/", "_") + ".py")
            with open(p, "w") as fh:
                fh.write(module_text(case))
            paths[p] = case
    bad = 0
    items = sorted(paths)
    for start in range(0, len(items), 200):
        chunk = items[start:start + 200]
        r = subprocess.run([rlx, "check"] + chunk, capture_output=True, text=True)
        for line in (r.stdout + r.stderr).splitlines():
            if line.endswith(": ok"):
                continue
            if "error" in line:
                bad += 1
            print(line)
    print(f"{len(paths)} cases checked, {bad} error lines")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
