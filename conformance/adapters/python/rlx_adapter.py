#!/usr/bin/env python3
"""A conformance adapter (conformance/ADAPTER.md, protocol 1) that forwards to the `rlx` CLI.

It is both a usable adapter and the example for implementers: it shows every verb, both modes,
the value JSON and the error responses, using only the Python standard library.

    rlx_adapter.py [--rlx PATH] [--verbs V,...] [--messages-only] --serve        JSON lines on stdin/stdout
    rlx_adapter.py [--rlx PATH] [--verbs V,...] [--messages-only] REQUEST.json   one request, one response

`--verbs parse,check` declares only those verbs in `hello` (the runner then skips assertions
that need the others). `--messages-only` answers errors without rlx's codes and rules, as an
implementation that raises its own messages does (try it with `rlx conform --match phase`).
The rlx binary is `--rlx PATH`, else the environment variable RLX, else `rlx` on PATH. With the
suite's runner:

    rlx conform --impl "python3 conformance/adapters/python/rlx_adapter.py --rlx build/tools/rlx"

How the verbs map onto the command line (docs/cli.md):
    parse   rlx parse --json M.py              exit 1: the diagnostics JSON on stdout
    check   rlx check --json M.py              the phase of an error follows from its code
    infer   rlx check --json M.py, then rlx check --struct-info-of FUNC:VAR M.py
    print   rlx check --json M.py, then rlx fmt M.py
    run     rlx run M.py --entry F --inputs IN.json --result-json OUT.json --json [--limit K=V]
            (R.print lines on stdout; on exit 1/4/5 the diagnostics JSON is its last line)
    prove   rlx prove --json C.claims          `FILE:L:C: claim 'NAME': disproven: n = 3, m = 0`
"""
import json
import os
import re
import subprocess
import sys
import tempfile

RLX = os.environ.get("RLX", "rlx")
MESSAGES_ONLY = False  # --messages-only: errors keep their phase and message, not rlx's codes
VERBS = ["parse", "check", "infer", "print", "run", "prove"]  # besides hello


class AdapterError(Exception):
    """rlx could not be run or answered in a way the adapter does not understand."""


def rlx(*args, cwd=None):
    """Run rlx; returns (exit code, stdout, stderr)."""
    try:
        p = subprocess.run([RLX, *args], cwd=cwd, capture_output=True, text=True)
    except OSError as e:
        raise AdapterError(f"cannot run {RLX}: {e}")
    if p.returncode in (2, 3) or p.returncode < 0:  # usage error, internal error, signal
        raise AdapterError(f"rlx {args[0]} exited {p.returncode}: {p.stderr.strip()}")
    return p.returncode, p.stdout, p.stderr


def phase_of(code):
    """The stage that reports an error code (spec §3.5, §4.11, §4.12, §6.13)."""
    if code.startswith("E3") or code in ("E0906", "E0907", "E0908", "E0909"):
        return "run"
    if code.startswith("E0") and code not in ("E0904", "E0905"):
        return "parse"  # E00xx lexical, E01xx syntax, E02xx meaning, E0901-E0903 parser limits
    return "check"  # E1xxx well-formedness, E2xxx struct info, E0904/E0905 checker limits


def split_diagnostics(stdout):
    """Splits stdout into its lines and the diagnostics document (`--json`), which is the last line."""
    lines = stdout.splitlines()
    if lines and lines[-1].startswith('{"diagnostics"'):
        return lines[:-1], json.loads(lines[-1])
    return lines, None


def diagnostics_error(stdout, phase=None):
    """The error response for a rejected input, from the diagnostics JSON on stdout."""
    _, doc = split_diagnostics(stdout)
    errors = [d for d in (doc or {}).get("diagnostics", []) if d.get("severity") == "error"]
    if not errors:
        raise AdapterError("rlx rejected the input without an error diagnostic:\n" + stdout)
    first = errors[0]
    return {"status": "error", "phase": phase or phase_of(first["code"]), "code": first["code"],
            "rule": first["rule"], "message": first["message"],
            "errors": [{"code": d["code"], "rule": d["rule"]} for d in errors]}


def scan_brackets(text, start):
    """Yields (index, char, depth) for text[start:], with depth the bracket depth before the char,
    skipping string literals and comments."""
    depth, quote, i = 0, None, start
    while i < len(text):
        c = text[i]
        if quote:
            if c == "\\":
                i += 1
            elif c == quote:
                quote = None
        elif c in "\"'":
            quote = c
        elif c == "#":
            while i < len(text) and text[i] != "\n":
                i += 1
            continue
        else:
            yield i, c, depth
            depth += 1 if c in "([{" else -1 if c in ")]}" else 0
        i += 1


def split_top(text):
    """Splits text at the commas outside brackets and strings."""
    parts, last = [], 0
    for i, c, depth in scan_brackets(text, 0):
        if c == "," and depth == 0:
            parts.append(text[last:i])
            last = i + 1
    parts.append(text[last:])
    return [p.strip() for p in parts if p.strip()]


def parameters(text, func):
    """The parameter names of `def FUNC(...)` in text (the signature may span lines), or None."""
    m = re.search(r"^[ \t]*def[ \t]+" + re.escape(func) + r"[ \t]*\(", text, re.M)
    if not m:
        return None
    for i, c, depth in scan_brackets(text, m.end()):
        if depth == 0 and c == ")":
            return [p.split(":")[0].strip() for p in split_top(text[m.end():i])]
    return None


def do_parse(req, tmp):
    path = write(tmp, "module.py", req["module"])
    code, out, _ = rlx("parse", "--json", path)
    return {"status": "ok"} if code == 0 else diagnostics_error(out)


def do_check(req, tmp):
    path = write(tmp, "module.py", req["module"])
    code, out, _ = rlx("check", "--json", path)
    return {"status": "ok"} if code == 0 else diagnostics_error(out)


def do_infer(req, tmp):
    response = do_check(req, tmp)
    if response["status"] != "ok":
        return response
    try:
        _, out, _ = rlx("check", "--struct-info-of", f"{req['function']}:{req['var']}",
                        os.path.join(tmp, "module.py"))
    except AdapterError as e:  # exit 2: no such function or binding
        return {"status": "error", "phase": "infer", "code": "", "message": str(e)}
    return {"status": "ok", "struct_info": out.strip()}


def do_print(req, tmp):
    response = do_check(req, tmp)
    if response["status"] != "ok":
        return response
    _, out, _ = rlx("fmt", os.path.join(tmp, "module.py"))
    return {"status": "ok", "text": out}


def do_run(req, tmp):
    path = write(tmp, "module.py", req["module"])
    func, args = req["function"], req.get("args", [])
    params = parameters(req["module"], func)
    if params is None or len(params) != len(args):  # spec eval.entry, once the module checks
        response = do_check(req, tmp)
        return response if response["status"] != "ok" else {
            "status": "error", "phase": "run", "code": "E3014", "rule": "eval.entry", "print": [],
            "message": f"no function {func}" if params is None else
                       f"{func} takes {len(params)} arguments, got {len(args)}"}
    cmd = ["run", path, "--entry", func, "--json", "--result-json", os.path.join(tmp, "out.json")]
    inputs = {}
    for name, value in zip(params, args):
        if isinstance(value, dict) and "npy" in value:
            cmd += ["--input", f"{name}={value['npy']}"]
        else:
            inputs[name] = value  # tensor, prim, shape and tuple values read as they are
    cmd += ["--inputs", write(tmp, "inputs.json", json.dumps(inputs))]
    for name, n in req.get("limits", {}).items():
        cmd += ["--limit", f"{name}={n}"]
    code, out, _ = rlx(*cmd)
    lines, _ = split_diagnostics(out)
    if code == 0:
        with open(os.path.join(tmp, "out.json")) as f:
            return {"status": "ok", "result": json.load(f)["result"], "print": lines}
    response = diagnostics_error(out, phase="run" if code in (4, 5) else None)
    if code in (4, 5):
        response["print"] = lines  # what R.print wrote before the error
    return response


CLAIM = re.compile(r"^.*?: claim '(.*)': (proven|disproven|unknown)(.*?)(?: \[expected \w+\])?$")


def do_prove(req, tmp):
    claim = req["claim"]
    if "from tvm.script import" not in claim:
        claim = "from tvm.script import tir as T\n\n" + claim
    code, out, _ = rlx("prove", "--json", write(tmp, "claim.claims", claim))
    lines, doc = split_diagnostics(out)
    if doc and doc.get("errors"):
        return diagnostics_error(out, phase="parse")
    answers = [m for m in map(CLAIM.match, lines) if m]
    if len(answers) != 1:
        raise AdapterError(f"expected one claim answer from rlx prove, got:\n{out}")
    answer, rest = answers[0].group(2), answers[0].group(3)
    response = {"status": "ok", "answer": answer}
    if answer == "disproven":  # rest is ": n = 3, m = 0"
        values = {k.strip(): int(v) for k, v in
                  (pair.split("=") for pair in rest.lstrip(": ").split(", ") if "=" in pair)}
        for name in parameters(claim, answers[0].group(1)) or []:
            values.setdefault(name, 0)  # a parameter the claim does not depend on
        response["counterexample"] = values
    elif answer == "unknown":
        response["message"] = rest.strip(" ()")  # why
    return response


def write(tmp, name, text):
    path = os.path.join(tmp, name)
    with open(path, "w") as f:
        f.write(text)
    return path


HANDLERS = {"parse": do_parse, "check": do_check, "infer": do_infer, "print": do_print,
            "run": do_run, "prove": do_prove}


def handle(req):
    """Answers one request (a dict); never raises."""
    rid, verb = req.get("id"), req.get("verb")
    if verb == "hello":
        return {"id": rid, "status": "ok", "protocol": 1, "name": "rlx (rlx_adapter.py)",
                "verbs": VERBS}
    if verb not in HANDLERS:
        return {"id": rid, "status": "unsupported", "message": f"unknown verb {verb!r}"}
    try:
        with tempfile.TemporaryDirectory(prefix="rlx_adapter_") as tmp:
            response = HANDLERS[verb](req, tmp)
    except (AdapterError, KeyError, ValueError, OSError) as e:
        response = {"status": "error", "phase": "adapter", "code": "none",
                    "message": f"{type(e).__name__}: {e}"}
    if MESSAGES_ONLY and response.get("status") == "error":
        response = {k: v for k, v in response.items() if k not in ("code", "rule", "errors")}
    return {"id": rid, **response}


def serve(lines):
    """--serve: one response line per request line.

    Output hygiene (ADAPTER.md): standard output carries responses only. An implementation that
    runs in this process (a Python library, native code through ctypes) may print there — R.print,
    logging, warnings — so the responses go to a duplicate of descriptor 1, and descriptor 1 and
    sys.stdout are pointed at standard error while requests are handled."""
    responses = os.fdopen(os.dup(1), "w")
    sys.stdout.flush()
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    for line in lines:
        if line.strip():
            try:
                response = handle(json.loads(line))
            except ValueError as e:
                response = {"id": -1, "status": "error", "phase": "adapter", "code": "none",
                            "message": f"malformed request: {e}"}
            responses.write(json.dumps(response) + "\n")
            responses.flush()
    return 0


def main(argv):
    global RLX, VERBS, MESSAGES_ONLY
    if "--rlx" in argv:
        i = argv.index("--rlx")
        RLX = argv[i + 1]
        del argv[i:i + 2]
    if "--verbs" in argv:  # declare fewer verbs (to try an implementation that lacks some)
        i = argv.index("--verbs")
        VERBS = [v for v in argv[i + 1].split(",") if v]
        del argv[i:i + 2]
    if "--messages-only" in argv:
        MESSAGES_ONLY = True
        argv.remove("--messages-only")
    if argv == ["--serve"]:
        return serve(sys.stdin)
    if len(argv) == 1 and not argv[0].startswith("-"):
        with open(argv[0]) as f:
            print(json.dumps(handle(json.load(f))))
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
