#!/usr/bin/env python3
"""Converts rlx's rule-tagged test sets into conformance scripts (conformance/FORMAT.md) under
conformance/suite/. Standard library only; run with /usr/bin/python3.

  import_cases.py            write the generated scripts, delete stale generated ones
  import_cases.py --check    regenerate in memory; exit 1 listing missing, stale or extra files
  import_cases.py --verify   also run the prebuilt rlx (parse, check) on every converted module
                             and report where it disagrees with the source's expectation
  --rlx PATH                 the rlx binary for --verify (default build/tools/rlx)

Sources (each converted as its own test reads it):
  interpreter/tests/op_cases/<family>.cases -> 5-operators/<family>/<op>.rlxt
  checker/tests/cases/*.txt            -> the op's script, 3-well-formedness/, 2-struct-info/, ...
  interpreter/tests/eval_cases/*.py    -> 4-semantics/eval-<area>.rlxt (tir_*: 7-tir/eval.rlxt)
  ir/tests/parse_errors/*.txt          -> 6-text-format/parse-<stem>.rlxt
  bench/claims/*.claims                -> 2-struct-info/claims-<stem>.rlxt
A generated file's first line says so; every other file of conformance/suite is left alone.
"""
import ast
import glob
import json
import math
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rlxt_writer import Rules, SourceError, Suite, sync  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SUITE = os.path.join(ROOT, "conformance", "suite")
IMPORT = "from tvm.script import ir as I, relax as R, tir as T\n"

# Checker rule cases left out, (file, line of "===") -> why. (None so far: every case converts.)
CHECKER_SKIP = {}

# Parser cases written as they are instead of wrapped in a class (the top-level functions form a
# module too, spec text.module.count), (file stem, title) -> why: wrapping changes the error.
PARSE_UNWRAPPED = {
    ("lexical", "an indented first line"): "indented, the line would be a member of the class (E0005)",
    ("lexical", "a tab where eight spaces opened the block (Python: TabError)"):
        "indented by four spaces, the tab no longer mixes ambiguously (E0005)",
}

# Modules whose conversion `--verify` compares with rlx: (kind, module text, expectation, where).
VERIFY = []


def rel(path):
    return os.path.relpath(path, ROOT)


def read_lines(path):
    """The file's lines as C++ std::getline reads them (bytes that are not UTF-8 as surrogates)."""
    text = open(path, encoding="utf-8", errors="surrogateescape").read()
    lines = text.split("\n")
    return lines[:-1] if lines and lines[-1] == "" else lines


def strip_blank(lines):
    lines = list(lines)
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


def class_module(functions):
    """A full module around top-level function text (the class form of spec text.module.count)."""
    body = "".join(("    " + l if l.strip() else "") + "\n" for l in functions)
    return IMPORT + "\n@I.ir_module\nclass Module:\n" + body


def dims(shape_text):
    """"(2, 3)" / "(3,)" / "()" -> ["2", "3"] (as integers, like the C++ ParseShape)."""
    inner = shape_text.strip()[1:-1]
    return [str(int(d)) for d in inner.split(",") if d.strip()]


# ---- 1. op cases -----------------------------------------------------------------------------

def read_op_cases(path):
    """The cases of a .cases file (interpreter/tests/op_cases/README.md; op_case_file.cc)."""
    cases, cur = [], None
    for lineno, line in enumerate(read_lines(path), 1):
        if not line or line.startswith("#"):
            continue
        word, _, rest = line.partition(" ")
        if word == "case":
            cur = {"name": rest, "line": lineno, "spec": [], "inputs": [], "expect": [],
                   "error": None, "compare": "exact", "call": None}
        elif word == "call":
            cur["call"] = rest
        elif word == "spec":
            cur["spec"] += rest.split()
        elif word == "input":
            name, _, value = rest.partition(" ")
            cur["inputs"].append({"name": name, "value": value, "sig": None})
        elif word == "sig":
            name, _, shape = rest.partition(" ")
            for inp in cur["inputs"]:
                if inp["name"] == name:
                    inp["sig"] = shape
        elif word == "expect":
            cur["expect"].append(rest)
        elif word == "expect_error":
            cur["error"] = rest
        elif word == "compare":
            cur["compare"] = rest
        elif word == "end":
            cases.append(cur)
        else:
            raise SourceError(f"{rel(path)}:{lineno}: unknown line {line!r}")
    return cases


def op_case_module(case):
    """The module the C++ test builds (CaseModuleText in op_case_file.cc), as a class Module."""
    params = []
    for inp in case["inputs"]:
        name, (kind, _, rest) = inp["name"], inp["value"].partition(" ")
        if kind == "prim":
            params.append(f'{name}: R.Prim("{rest.split()[0]}")')
        elif kind == "shape":
            params.append(f'{name}: R.Shape([{", ".join(dims(rest))}])')
        else:
            d = dims(rest[: rest.index(")") + 1])
            shape = inp["sig"] or "(" + ", ".join(d) + ("," if len(d) == 1 else "") + ")"
            params.append(f'{name}: R.Tensor({shape}, "{kind}")')
    return class_module(["@R.function", f"def main({', '.join(params)}):",
                         f"    result = {case['call']}", "    return result"])


def op_of_case(rules, name):
    """The op a case is about: the longest leading part of its name that is an op (nn.conv2d)."""
    segs = name.split(".")
    for k in range(len(segs), 0, -1):
        if ".".join(segs[:k]) in rules.ops:
            return ".".join(segs[:k])
    raise SourceError(f"case {name}: its name does not start with an op of the op table")


def value_text(tensor):
    """"DTYPE (SHAPE) [V, ...]" -> its text in spec eval.print.value, for the few values whose
    shortest float text is their Python repr (at most two significant digits)."""
    dtype, _, rest = tensor.partition(" ")
    shape = [int(d) for d in dims(rest[: rest.index(")") + 1])]
    vals = [v.strip() for v in rest[rest.index("[") + 1: rest.rindex("]")].split(",") if v.strip()]

    def elem(v):
        if dtype == "bool":
            return {"true": "True", "false": "False"}[v]
        if "float" not in dtype:
            return str(int(v))
        f = float(v)
        if math.isnan(f) or math.isinf(f):
            return v
        if len(f"{abs(f):.15e}".split("e")[0].replace(".", "").rstrip("0")) > 2:
            raise SourceError(f"cannot write {v} of {dtype} in eval.print.float here")
        return repr(f)

    def nest(vs, shape):
        if not shape:
            return elem(vs[0])
        step = math.prod(shape[1:])
        return "[" + ", ".join(nest(vs[i * step:(i + 1) * step], shape[1:]) for i in range(shape[0])) + "]"
    return nest(vals, shape)


def import_op_cases(suite):
    n = 0
    for path in sorted(glob.glob(os.path.join(ROOT, "interpreter/tests/op_cases/*.cases"))):
        for case in read_op_cases(path):
            n += 1
            op = op_of_case(suite.rules, case["name"])
            script, src = suite.script(suite.rules.op_path(op)), rel(path)
            mod = case["name"].replace(".", "_").replace("-", "_")
            text = op_case_module(case)
            script.add(src, "module", [mod], [], text)
            VERIFY.append(("check", text, None, f"{src}:{case['line']}"))
            tags = ["op." + op] + case["spec"]
            body = ["arg " + inp["value"] for inp in case["inputs"]]
            if case["error"]:
                verb = "assert_exhaustion" if case["error"].startswith("E09") else "assert_error"
                script.add(src, verb, [mod, "main", case["error"]], tags, "\n".join(body))
                continue
            if len(case["expect"]) == 1 and op == "split":  # a one-field tuple
                if case["compare"] != "exact":
                    raise SourceError(f"{src}:{case['line']}: a tuple result compared inexactly")
                body.append(f"expect_text ({value_text(case['expect'][0])},)")
            else:
                body += ["expect " + e for e in case["expect"]]
                if case["compare"] != "exact":
                    body.append("compare " + case["compare"])
            script.add(src, "assert_return", [mod, "main"], tags, "\n".join(body))
    return n


# ---- 2. checker rule cases -------------------------------------------------------------------

def read_checker_cases(path):
    """The cases of a rule-case file (checker/tests/rule_cases.h; LoadTextCases)."""
    cases, cur, in_expect = [], None, False
    for lineno, line in enumerate(read_lines(path), 1):
        if line.startswith("=== "):
            cur = {"name": line[4:], "line": lineno, "source": [], "expect": []}
            cases.append(cur)
            in_expect = False
        elif cur is None:
            continue
        elif line == "--- expect":
            in_expect = True
        elif in_expect:
            if line and line[0] != "#":
                cur["expect"].append(line)
        else:
            cur["source"].append(line)
    return cases


def checker_script(rules, rule):
    """The script a checker case goes to, by its rule."""
    segs = rule.split(".")
    m = re.fullmatch(r"op\.(.+)\.c\d+", rule)
    if m:
        return rules.op_path(m.group(1))
    if segs[0] == "wf":
        return f"3-well-formedness/wf-{segs[1]}.rlxt"
    if segs[:2] == ["sinfo", "derive"]:
        return f"3-well-formedness/derive-{segs[2]}.rlxt"
    if segs[0] == "sinfo":
        return f"2-struct-info/sinfo-{segs[1]}.rlxt"
    if segs[0] == "tir":
        return "7-tir/wf.rlxt"
    chapter = {"scope": "2-struct-info/sinfo-scope.rlxt", "text": "6-text-format/parse-checker.rlxt",
               "eval": "4-semantics/eval-checker.rlxt"}
    if segs[0] in chapter:
        return chapter[segs[0]]
    raise SourceError(f"no script for checker rule {rule}")


def binder(source, var, where):
    """The module function that binds `var` (the last binding by position, as SInfoOf picks)."""
    hits = []
    for node in ast.parse(source).body:
        funcs = node.body if isinstance(node, ast.ClassDef) else [node]
        for f in funcs:
            if not isinstance(f, ast.FunctionDef):
                continue
            for n in ast.walk(f):
                name = (n.arg if isinstance(n, ast.arg) else
                        n.id if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store) else
                        n.name if isinstance(n, ast.FunctionDef) and n is not f else None)
                if name == var:
                    hits.append(((n.lineno, n.col_offset), f.name))
    if not hits:
        raise SourceError(f"{where}: no binding of {var}")
    return max(hits)[1]


def import_checker_cases(suite):
    n, counter = 0, {}
    for path in sorted(glob.glob(os.path.join(ROOT, "checker/tests/cases/*.txt"))):
        src, fname = rel(path), os.path.basename(path)
        for case in read_checker_cases(path):
            n += 1
            where = f"{src}:{case['line']}"
            if (fname, case["line"]) in CHECKER_SKIP:
                continue
            rule = case["name"].split(" ")[0]
            script = suite.script(checker_script(suite.rules, rule))
            lines = strip_blank(case["source"])
            text = (IMPORT + "\n" + "\n".join(lines) + "\n" if lines[0].startswith("@I.ir_module")
                    else class_module(lines))
            errors, warnings, sinfos = [], [], []
            for e in case["expect"]:
                kind, *rest = e.split()
                if kind == "error" and (rest[0], rest[1]) not in errors:
                    errors.append((rest[0], rest[1]))
                elif kind == "warning":
                    warnings.append((rest[0], rest[1]))
                elif kind == "sinfo":
                    sinfos.append((rest[0], e.split(None, 2)[2].strip()))
                elif kind not in ("ok", "runtime", "error"):
                    raise SourceError(f"{where}: unknown expectation {e!r}")
            VERIFY.append(("check", text, (set(errors), set(warnings)), where))
            comments = [case["name"]]
            if errors:
                for code, r in errors:
                    script.add(src, "assert_ill_formed", [code, r], [r], text, comments)
                    comments = []
                continue
            if warnings:
                comments.append("the checker also warns " + ", ".join(" ".join(w) for w in warnings) +
                                " (a warning is not an assertion of this format)")
            key = re.sub(r"[^A-Za-z0-9]", "_", rule)
            counter[script.path, key] = counter.get((script.path, key), 0) + 1
            mod = f"{key}_{counter[script.path, key]}"
            script.add(src, "module", [mod], [rule], text, comments)
            for var, sinfo in sinfos:
                func = binder(text, var, where)
                script.add(src, "assert_struct_info", [mod, func, var], [rule], sinfo)
                VERIFY.append(("sinfo", text, (func, var, sinfo), where))
    return n


# ---- 3. evaluation-rule programs -------------------------------------------------------------

EVAL_KEYS = ("rule", "entry", "arg", "expect", "expect_error", "expect_print", "limit")


def import_eval_cases(suite):
    n = 0
    for path in sorted(glob.glob(os.path.join(ROOT, "interpreter/tests/eval_cases/*.py"))):
        n += 1
        src, stem = rel(path), os.path.basename(path)[:-3]
        lines = read_lines(path)
        head = {k: [] for k in EVAL_KEYS}
        i = 0
        while i < len(lines) and re.match(r"# [a-z_]+: ", lines[i]):
            key, value = lines[i][2:].split(": ", 1)
            if key not in head:
                raise SourceError(f"{src}:{i + 1}: unknown header key {key}")
            head[key].append(value)
            i += 1
        for j in range(i, len(lines)):  # the C++ test reads a key line anywhere in the file
            if re.match(r"# (%s): " % "|".join(EVAL_KEYS), lines[j]):
                raise SourceError(f"{src}:{j + 1}: a header line below the header")
        start = next(j for j in range(i, len(lines)) if lines[j].startswith(("@", "class ")))
        imports = [l for l in lines[i:start] if l.strip() and not l.startswith("#")]
        comments = [l[2:] if l.startswith("# ") else l[1:] for l in lines[i:start] if l.startswith("#")]
        text = "\n".join(imports) + "\n\n" + "\n".join(lines[start:]) + "\n"
        area = stem.split("_")[0]
        # The TIR evaluation rules (spec 7.5) go with chapter 7's assertions.
        script = suite.script("7-tir/eval.rlxt" if area == "tir" else f"4-semantics/eval-{area}.rlxt")
        src = f"interpreter/tests/eval_cases/{area}_*.py"
        script.add(src, "module", [stem], [], text, comments)
        VERIFY.append(("check", text, None, src))
        entry = head["entry"][-1] if head["entry"] else "main"
        body = ["arg " + a for a in head["arg"]]
        if len(head["expect"]) + len(head["expect_error"]) != 1 or not head["rule"]:
            raise SourceError(f"{src}: needs '# rule:' and exactly one of expect / expect_error")
        if head["expect"]:
            body.append("expect_text " + head["expect"][0])
        body += [("print " + p).rstrip() for p in head["expect_print"]]
        body += ["limit " + l for l in head["limit"]]
        rules = " ".join(head["rule"]).split()
        if head["expect"]:
            script.add(src, "assert_return", [stem, entry], rules, "\n".join(body))
        else:
            code = head["expect_error"][0]
            verb = "assert_exhaustion" if code.startswith("E09") else "assert_error"
            script.add(src, verb, [stem, entry, code], rules, "\n".join(body))
    return n


# ---- 4. the parser's negative cases ----------------------------------------------------------

EXPECT_RE = re.compile(r"#\s*expect-error@\+(\d+)\s+(E\d{4}):(\d+)")


def read_parse_cases(path):
    """The cases of a parse-error file (ParseErrorTest's LoadCases): (first line, lines)."""
    cases, lines, start = [], [], 1
    for lineno, line in enumerate(read_lines(path), 1):
        if line.startswith("# -----"):
            if any(l.strip() for l in lines):
                cases.append((start, lines))
            lines, start = [], lineno + 1
        else:
            lines.append(line)
    if any(l.strip() for l in lines):
        cases.append((start, lines))
    return cases


def import_parse_errors(suite, skipped):
    n = 0
    for path in sorted(glob.glob(os.path.join(ROOT, "ir/tests/parse_errors/*.txt"))):
        src, stem = rel(path), os.path.basename(path)[:-4]
        for start, lines in read_parse_cases(path):
            n += 1
            where = f"{src}:{start}"
            title = next((re.search(r"#\s*case:\s*(.*)", l).group(1) for l in lines
                          if re.search(r"#\s*case:\s*(.*)", l)), "")
            if any(re.search(r"#\s*define:", l) for l in lines):
                skipped.append((where, "needs -D captures (# define:)"))
                continue
            if any(re.search(r"[\udc80-\udcff]", l) for l in lines):
                skipped.append((where, "bytes that are not UTF-8 (a module is UTF-8 text in the "
                                       "adapter protocol)"))
                continue
            expected = []
            body = []
            for i, l in enumerate(lines):
                m = EXPECT_RE.search(l)
                if m:
                    if not l.lstrip().startswith("#"):
                        raise SourceError(f"{where}: an expect-error marker after code")
                    expected.append((i + 1 + int(m.group(1)), int(m.group(3)), m.group(2)))
                elif not re.match(r"\s*#\s*case:", l):
                    body.append(l)
            body = strip_blank(body)
            code = min(expected)[2]
            top = [l for l in body if l and not l[0].isspace() and not l.startswith("#")]
            bare = top and all(l.startswith(("@R.function", "def ")) for l in top)
            text = ("\n".join(body) + "\n" if not bare or (stem, title) in PARSE_UNWRAPPED
                    else class_module(body))
            rule = suite.rules.code_rule[code]
            script = suite.script(f"6-text-format/parse-{stem}.rlxt")
            if code[1] in "12" or code in ("E0904", "E0905"):
                script.add(src, "assert_ill_formed", [code, rule], [rule], text, [title])
                VERIFY.append(("check", text, ({(code, rule)}, None), where))
            else:
                script.add(src, "assert_malformed", [code], [rule], text, [title])
                VERIFY.append(("parse", text, code, where))
    return n


# ---- 5. the claim corpus ---------------------------------------------------------------------



def linear(node, params):
    """Whether an expression is in the linear fragment of sinfo.prove.minimum."""
    def const(e):
        return not any(isinstance(x, ast.Name) and x.id in params for x in ast.walk(e))
    for x in ast.walk(node):
        if isinstance(x, ast.BinOp) and isinstance(x.op, ast.Mult) and not (const(x.left) or const(x.right)):
            return False
        if isinstance(x, ast.BinOp) and isinstance(x.op, (ast.FloorDiv, ast.Mod, ast.Div)) and not const(x.right):
            return False
        if (isinstance(x, ast.Call) and isinstance(x.func, ast.Attribute) and
                x.func.attr in ("floordiv", "floormod", "truncdiv", "truncmod") and not const(x.args[1])):
            return False
    return True


def claim_tags(func):
    params = {a.arg for a in func.args.args}
    tags = ["sinfo.prove.answers"]
    text = ast.dump(func)
    if re.search(r"FloorDiv|Mod\(\)|'(floordiv|floormod|truncdiv|truncmod)'", text):
        tags.append("sinfo.prove.definedness")
    if "'assume'" in text:
        tags.append("sinfo.prove.assumptions")
    if linear(func, params):
        tags.append("sinfo.prove.minimum")
    return tags


# Claims rlx's prover answers unknown (each spends Z3's whole resource limit): all outside
# sinfo.prove.minimum, where unknown is a conforming answer. They are imported as
# assert_not_proven (false claims) or assert_not_disproven (true ones), which still fail an
# implementation that gives the wrong answer.
UNDECIDED_BY_RLX = {
    "hard_quadratic_nonresidue",
    "hard_semiprime_witness",
    "hard_quadratic_residue_witness",
}


def import_claims(suite, skipped):
    # Every claim with a ground-truth label (brute-force checked by checker/tests/claims_corpus_test).
    # Outside sinfo.prove.minimum a prover may answer unknown, which the runner accepts there.
    n = 0
    for path in sorted(glob.glob(os.path.join(ROOT, "bench/claims/*.claims"))):
        src, stem = rel(path), os.path.basename(path)[:-7]
        lines = read_lines(path)
        tree = ast.parse("\n".join(lines))
        script = suite.script(f"2-struct-info/claims-{stem}.rlxt")
        for func in tree.body:
            if not isinstance(func, ast.FunctionDef):
                continue
            n += 1
            deco = func.decorator_list[0]
            label = next((k.value.value for k in getattr(deco, "keywords", []) if k.arg == "expect"), None)
            where = f"{src}:{func.lineno}"
            if label not in ("proven", "disproven"):
                skipped.append((where, f"claim '{func.name}' has no proven/disproven label"))
                continue
            text = "\n".join(strip_blank(lines[deco.lineno - 1: func.end_lineno]))
            tags = claim_tags(func)
            comments = [] if "sinfo.prove.minimum" in tags else [
                "outside the linear fragment of sinfo.prove.minimum: a prover may answer unknown"]
            verb = "assert_" + label
            if func.name in UNDECIDED_BY_RLX:
                # Undecided by rlx, so unknown must conform; but the wrong answer must not: a
                # prover that says "proven" of a false claim (or "disproven" of a true one)
                # fails here (sinfo.prove.answers).
                verb = "assert_not_proven" if label == "disproven" else "assert_not_disproven"
                comments = ["hard for provers (rlx answers unknown): unknown conforms, the wrong answer does not"]
            script.add(src, verb, [], tags, text, comments)
    return n


# ---- verification against the prebuilt rlx ---------------------------------------------------

def run_batches(rlx, args, texts, size):
    """Runs `rlx ARGS --json` on every text, `size` files a run (rlx stops after 100 errors a
    run, E0903); returns each one's diagnostics."""
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        files = []
        for i, t in enumerate(texts):
            files.append(os.path.join(tmp, f"m{i}.py"))
            with open(files[-1], "w", encoding="utf-8") as f:
                f.write(t)
        for s in range(0, len(files), size):
            r = subprocess.run([rlx] + args + ["--json"] + files[s:s + size], capture_output=True, text=True)
            diags = json.loads(r.stdout)["diagnostics"]
            for f in files[s:s + size]:
                out.append([d for d in diags if d["file"] in (f, os.path.basename(f))])
    return out


def printed_sinfo(rlx, text, func, var):
    """The struct info `rlx check --print-struct-info` prints for binding `var` of `func`."""
    with tempfile.NamedTemporaryFile("w", suffix=".py", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        out = subprocess.run([rlx, "check", "--print-struct-info", f.name], capture_output=True, text=True).stdout
    current = None
    for line in out.split("\n"):
        m = re.match(r"    (?:    )*def (\w+)\(", line)
        if m and line.startswith("    def "):
            current = m.group(1)
        m = re.match(r"\s+(\w+): (.*) = ", line)
        if current == func and m and m.group(1) == var:
            return m.group(2)
    return None


def verify(rlx):
    bad = []
    checks = sorted((v for v in VERIFY if v[0] == "check"), key=lambda v: v[2] is not None)
    oks = sum(1 for v in checks if v[2] is None)
    results = (run_batches(rlx, ["check"], [v[1] for v in checks[:oks]], 200) +
               run_batches(rlx, ["check"], [v[1] for v in checks[oks:]], 1))
    for (_, text, want, where), diags in zip(checks, results):
        errs = {(d["code"], d["rule"]) for d in diags if d["severity"] == "error"}
        warns = {(d["code"], d["rule"]) for d in diags if d["severity"] == "warning"}
        if want is None:
            if errs:
                bad.append(f"{where}: rejected: {sorted(errs)}")
        elif errs != want[0] or (want[1] is not None and warns != want[1]):
            bad.append(f"{where}: errors {sorted(errs)} warnings {sorted(warns)}, expected {want}")
    parses = [v for v in VERIFY if v[0] == "parse"]
    for (_, text, want, where), diags in zip(parses, run_batches(rlx, ["parse"], [v[1] for v in parses], 1)):
        errs = [d["code"] for d in diags if d["severity"] == "error"]
        if want not in errs:  # the runner accepts the code among the errors; say when not first
            bad.append(f"{where}: errors {errs}, expected {want}")
        elif errs[0] != want:
            print(f"verify: {where}: expected {want} is reported after {errs[0]}")
    for _, text, (func, var, sinfo), where in (v for v in VERIFY if v[0] == "sinfo"):
        got = printed_sinfo(rlx, text, func, var)
        if got is not None and got != sinfo:  # None: a parameter or a binding printed otherwise
            bad.append(f"{where}: {func}.{var} prints {got}, expected {sinfo}")
    return bad


def main(argv):
    check_only, do_verify = "--check" in argv, "--verify" in argv
    rlx = argv[argv.index("--rlx") + 1] if "--rlx" in argv else os.path.join(ROOT, "build/tools/rlx")
    if do_verify and not os.access(rlx, os.X_OK):
        sys.exit(f"import_cases.py: no rlx binary at {rlx} (build it, or pass --rlx PATH)")
    suite, skipped, read = Suite(Rules(ROOT)), [], {}
    try:
        read["op cases"] = import_op_cases(suite)
        read["checker rule cases"] = import_checker_cases(suite)
        read["eval cases"] = import_eval_cases(suite)
        read["parse-error cases"] = import_parse_errors(suite, skipped)
        read["claims"] = import_claims(suite, skipped)
    except SourceError as e:
        sys.exit(f"import_cases.py: {e}")
    diffs = sync(SUITE, suite.rendered(), check_only)
    for what, count in read.items():
        print(f"read {count} {what}")
    for where, why in skipped:
        print(f"skipped {where}: {why}")
    for folder, count in suite.counts().items():
        print(f"{count:6d} assertions in {folder}/")
    print(f"{sum(suite.counts().values()):6d} assertions in {len(suite.rendered())} files")
    if do_verify:
        bad = verify(rlx)
        for b in bad:
            print("verify: " + b)
        print(f"verify: {len(VERIFY)} modules, {len(bad)} disagreements")
    if check_only and diffs:
        print("generated files out of date (run conformance/tools/import_cases.py):")
        print("\n".join("  " + d for d in diffs))
        return 1
    if not check_only and diffs:
        print(f"{len(diffs)} files written or removed")
    return 1 if do_verify and bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
