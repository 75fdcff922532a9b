#!/usr/bin/env python3
__doc__ = """rlx's own adapter with ONE planted bug: a mutant the conformance suite must catch.

    mutant_adapter.py MUTANT [--rlx PATH] [--child "CMD ARGS"] (--serve | REQUEST.json)

Wraps `PATH adapter --serve` (PATH defaults to build/tools/rlx of this checkout; `--child` runs
any other adapter command instead, e.g. conformance/adapters/python/rlx_adapter.py) and speaks the
adapter protocol (conformance/ADAPTER.md) by forwarding each request to it, rewriting requests
and/or responses as MUTANT says. Apart from the bug it answers exactly what rlx answers, so that
every failing assertion is attributable to the bug. Standard library only.

Mutants (`none` is the unmodified wrapper, the baseline of tests/check_mutants.py):
""" + "\n".join(f"    {name:22s} {doc}" for name, doc in [
    ("none", "no bug"),
    ("ulp", "float tensor results off by 3 ulp (finite non-zero elements)"),
    ("broadcast-left", "broadcasting aligns the dims of operands of different ranks on the left"),
    ("match-cast-unchecked", "a failing match_cast (E3001) passes; the result is the 1st arg"),
    ("dataflow-escape", "a dataflow var used outside its block is accepted (E1004)"),
    ("floor-div-sign", "integer floor_divide/floor_mod (and T.floordiv, //, %) truncate"),
    ("wrong-error-kind", "every run error reports another E3xxx code"),
    ("prover-optimist", "prove answers proven for disproven and unknown"),
    ("prover-eager", "prove answers proven where rlx answers unknown (disproven stays)"),
    ("lenient-lexer", "lexical errors (E00xx) are ignored by parse and check"),
    ("limits-ignored", "run requests lose their limits"),
    ("erased-struct-info", "inferred tensor struct info with a symbolic dim loses its shape"),
    ("keepdims-ignored", "keepdims=True is read as keepdims=False"),
    ("nan-as-zero", "NaN results read as 0.0"),
    ("print-missing", "R.print output is dropped"),
    ("float-digits", "float16/bfloat16/float32 values print with the shortest digits of float64"),
    ("print-escapes", "R.print lines escape backslashes, quotes, tabs and CRs as in a literal"),
    ("non-ascii-escaped", "non-ASCII characters print as \\xHH bytes (R.print lines, print)"),
    ("steps-off-by-one", "run requests get max_steps + 1"),
])
import itertools
import json
import os
import re
import struct
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FLOATS = {"float16": (16, 10), "bfloat16": (16, 7), "float32": (32, 23), "float64": (64, 52)}


def error_codes():
    """code -> rule, from ir/base/error_codes.def."""
    with open(os.path.join(ROOT, "ir", "base", "error_codes.def")) as f:
        return dict(re.findall(r'RLX_ERROR\(\w+, "(E\d+)", "([^"]+)"', f.read()))


# JSON goes both ways as raw UTF-8, never as \u escapes: rlx reads the escapes of a surrogate
# pair (\ud83d\ude00) as two code points, not one. surrogateescape keeps other bytes as they are.
UTF8 = {"encoding": "utf-8", "errors": "surrogateescape"}


def dumps(obj):
    return json.dumps(obj, ensure_ascii=False)


class Child:
    """The wrapped adapter, a long-lived `--serve` process; requests get fresh ids."""

    def __init__(self, cmd):
        self.cmd, self.proc, self.ids = cmd, None, itertools.count(1_000_000)

    def __call__(self, req):
        if self.proc is None or self.proc.poll() is not None:
            self.proc = subprocess.Popen(self.cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         text=True, bufsize=1, **UTF8)
        req = dict(req, id=next(self.ids))
        try:
            self.proc.stdin.write(dumps(req) + "\n")
            self.proc.stdin.flush()
            line = self.proc.stdout.readline()
        except OSError:
            line = ""
        if not line:
            self.proc = None
            return {"status": "error", "phase": "adapter", "code": "none",
                    "message": f"the wrapped adapter {' '.join(self.cmd)} died"}
        response = json.loads(line)
        response.pop("id", None)
        return response

    def close(self):
        if self.proc is not None:
            self.proc.stdin.close()
            self.proc.wait()


# ---- values -----------------------------------------------------------------------------------

def map_tensors(value, fn):
    """Applies fn to every tensor and primitive value (a dict with "dtype") of a value."""
    if isinstance(value, list):
        return [map_tensors(v, fn) for v in value]
    if isinstance(value, dict) and "dtype" in value:
        return fn(value)
    return value


def with_result(response, fn):
    if response.get("status") == "ok" and "result" in response:
        response["result"] = map_tensors(response["result"], fn)
    return response


def off_by_ulps(x, dtype, n=3):
    """x moved n units in the last place away from zero (toward it where that would overflow)."""
    if isinstance(x, (str, bool)) or x == 0:
        return x
    bits, mantissa = FLOATS[dtype]
    if dtype == "bfloat16":
        raw = struct.unpack("<I", struct.pack("<f", x))[0] >> 16
    else:
        fmt = {16: "e", 32: "f", 64: "d"}[bits]
        raw = int.from_bytes(struct.pack("<" + fmt, x), "little")
    sign, mag = raw >> (bits - 1), raw & ((1 << (bits - 1)) - 1)
    inf = ((1 << (bits - 1 - mantissa)) - 1) << mantissa
    mag = mag + n if mag + n < inf else mag - n
    raw = (sign << (bits - 1)) | mag
    if dtype == "bfloat16":
        return struct.unpack("<f", struct.pack("<I", raw << 16))[0]
    return struct.unpack("<" + fmt, raw.to_bytes(bits // 8, "little"))[0]


def ulp(t):
    if t["dtype"] in FLOATS and "data" in t:
        t["data"] = [off_by_ulps(x, t["dtype"]) for x in t["data"]]
    return t


def nan_as_zero(t):
    if t["dtype"] in FLOATS:
        if "data" in t:
            t["data"] = [0.0 if x == "nan" else x for x in t["data"]]
        elif t.get("value") == "nan":
            t["value"] = 0.0
    return t


def round_to(x, dtype):
    """The float x rounded to dtype (to nearest, ties to even; overflow gives infinity)."""
    try:
        if dtype == "float32":
            return struct.unpack("<f", struct.pack("<f", x))[0]
        if dtype == "float16":
            return struct.unpack("<e", struct.pack("<e", x))[0]
        if dtype == "bfloat16":  # via float32: rounds twice, close enough for this use
            raw = struct.unpack("<I", struct.pack("<f", x))[0]
            raw = (raw + 0x7FFF + ((raw >> 16) & 1)) & 0xFFFF0000
            return struct.unpack("<f", struct.pack("<I", raw))[0]
    except OverflowError:
        return float("inf") if x > 0 else float("-inf")
    return x


def float_text(v, dtype):
    """v as spec eval.print.float writes it in dtype: the shortest round-trip digits, fixed or
    exponent notation (the shorter; fixed on a tie), `.0` when neither `.` nor `e`."""
    if v != v:
        return "nan"
    if v in (float("inf"), float("-inf")):
        return "inf" if v > 0 else "-inf"
    if v == 0:
        return "-0.0" if str(v).startswith("-") else "0.0"
    for p in range(1, 18):
        s = "%.*e" % (p - 1, v)
        if round_to(float(s), dtype) == v:
            break
    mantissa, exp = s.split("e")
    digits, exp = mantissa.lstrip("-").replace(".", "").rstrip("0") or "0", int(exp)
    expo = digits[0] + ("." + digits[1:] if len(digits) > 1 else "") + \
        f"e{'-' if exp < 0 else '+'}{abs(exp):02d}"
    if exp >= len(digits) - 1:
        fixed = digits + "0" * (exp - len(digits) + 1)
    elif exp >= 0:
        fixed = digits[:exp + 1] + "." + digits[exp + 1:]
    else:
        fixed = "0." + "0" * (-exp - 1) + digits
    text = fixed if len(fixed) <= len(expo) else expo
    return ("-" if v < 0 else "") + (text if "." in text or "e" in text else text + ".0")


NARROW_FLOATS = ("float16", "bfloat16", "float32")
FLOAT_TOKEN = re.compile(r"(?<![\w.])-?(?:\d+\.\d*(?:e[+-]?\d+)?|\d+e[+-]?\d+)(?![\w.])")


def float64_digits(text, dtypes):
    """Every float token of text that is the eval.print.float text of a value of one of dtypes
    (tried in order) but not that value's float64 text, rewritten as the float64 text."""
    def widen(m):
        x = float(m.group(0))
        for dtype in dtypes:
            v = round_to(x, dtype)
            if v != x and float_text(v, dtype) == m.group(0):
                return float_text(v, "float64")
        return m.group(0)
    return FLOAT_TOKEN.sub(widen, text)


def float64_print_lines(req, r):
    """The float-digits bug in R.print lines: the dtype of a printed float is not in the line, so
    the module's narrow float dtypes are tried, narrowest first."""
    dtypes = [d for d in NARROW_FLOATS if re.search(rf"\b{d}\b", req.get("module", ""))]
    if dtypes and isinstance(r.get("print"), list):
        r["print"] = [float64_digits(line, dtypes) for line in r["print"]]
    return r


def float64_module_text(r):
    """The float-digits bug in canonical text: the data of R.const(..., "<narrow dtype>") and the
    T.<narrow dtype>(...) immediates."""
    if r.get("status") != "ok" or "text" not in r:
        return r
    def const(m):
        return float64_digits(m.group(1), [m.group(2)]) + m.group(2) + m.group(3)
    def imm(m):
        return m.group(1) + float64_digits(m.group(2), [m.group(1)[2:-1]]) + ")"
    text = re.sub(r"(?<=R\.const\()([^()]*?, \")(%s)(\"\))" % "|".join(NARROW_FLOATS), const,
                  r["text"])
    r["text"] = re.sub(r"(T\.(?:%s)\()([^()]*)\)" % "|".join(NARROW_FLOATS), imm, text)
    return r


def float_digits(req, child):
    r = child(req)
    if req["verb"] == "run":
        return float64_print_lines(req, r)
    return float64_module_text(r) if req["verb"] == "print" else r


def c_escaped(line):
    """line as the body of a string literal: the print-escapes bug (string values included)."""
    return (line.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
            .replace("\r", "\\r"))


def print_escapes(r):
    if isinstance(r.get("print"), list):
        r["print"] = [c_escaped(line) for line in r["print"]]
    return r


def byte_escaped(text):
    """Every non-ASCII character of text as the \\xHH escapes of its UTF-8 bytes, as TVM prints."""
    return "".join(c if ord(c) < 128 else "".join(f"\\x{b:02x}" for b in c.encode("utf-8"))
                   for c in text)


def non_ascii_escaped(r):
    if isinstance(r.get("print"), list):
        r["print"] = [byte_escaped(line) for line in r["print"]]
    if r.get("status") == "ok" and isinstance(r.get("text"), str):
        r["text"] = byte_escaped(r["text"])
    return r


def steps_off_by_one(req, child):
    limits = req.get("limits")
    if req["verb"] == "run" and isinstance(limits, dict) and "max_steps" in limits:
        req = dict(req, limits=dict(limits, max_steps=limits["max_steps"] + 1))
    return child(req)


# ---- module text --------------------------------------------------------------------------------

def code_segments(text, fn):
    """Applies fn to the parts of text outside string literals and comments."""
    out, i = [], 0
    for m in re.finditer(r"(\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'|#[^\n]*)", text):
        out += [fn(text[i:m.start()]), m.group(0)]
        i = m.end()
    return "".join(out + [fn(text[i:])])


def truncating_prim(code):
    """`a // b` -> `T.truncdiv(a, b)`, `a % b` -> `T.truncmod(a, b)` for simple operands."""
    operand = r"[A-Za-z_]\w*|\d+"
    pattern = re.compile(rf"(?<![\w.])({operand})\s*(//|%)\s*({operand})\b(?!\s*(?:\*\*|[\w.(\[]))")

    def replace(m):
        before = code[:m.start()].rstrip()
        if before.endswith(("*", "/", "%", ")", "]", ".")):
            return m.group(0)  # a longer left operand: precedence would change
        return f"T.{'truncdiv' if m.group(2) == '//' else 'truncmod'}({m.group(1)}, {m.group(3)})"

    code = code.replace("T.floordiv(", "T.truncdiv(").replace("T.floormod(", "T.truncmod(")
    return pattern.sub(replace, code)


def floor_to_trunc(module, child):
    """The module with integer floor division and modulo truncating."""
    lines = module.split("\n")
    func = None
    for n, line in enumerate(lines):
        m = re.match(r"\s*def (\w+)\(", line)
        func = m.group(1) if m else func
        for op, trunc in (("R.floor_divide(", "R.divide("), ("R.floor_mod(", "R.mod(")):
            if op not in line:
                continue
            b = re.match(r"\s*(\w+)\b.*? = " + re.escape(op), line)
            if b and func:  # ask rlx for the dtype; rewrite when it is an integer dtype
                r = child({"verb": "infer", "module": module, "function": func, "var": b.group(1)})
                if r.get("status") == "ok" and not re.search(r'dtype="u?int', r["struct_info"]):
                    continue
            line = line.replace(op, trunc)
        lines[n] = code_segments(line, truncating_prim)
    return "\n".join(lines)


def all_outputs(module):
    """The module with every variable bound in a dataflow block listed in its R.output(...)."""
    lines, out, block = module.split("\n"), [], None  # block: [body indent, names]
    for line in lines + ["<end>"]:
        indent = len(line) - len(line.lstrip())
        if block and line.strip():
            if block[0] is None:
                block[0] = indent
            if indent < block[0]:  # the block ended without R.output
                out.append(" " * block[0] + f"R.output({', '.join(block[1])})")
                block = None
            elif indent == block[0]:
                m = re.match(r"\s*(?:def\s+)?([A-Za-z_]\w*)\s*(?:[:(]|=[^=])", line)
                if line.lstrip().startswith("R.output("):
                    line, block = " " * indent + f"R.output({', '.join(block[1])})", None
                elif m and m.group(1) not in block[1] + ["_"]:
                    block[1].append(m.group(1))
        if re.match(r"\s*with R\.dataflow\(\):", line):
            block = [None, []]
        out.append(line)
    return "\n".join(out[:-1])


def split_top(text):
    """Splits text at the commas outside brackets."""
    parts, depth, last = [], 0, 0
    for i, c in enumerate(text):
        depth += {"(": 1, "[": 1, ")": -1, "]": -1}.get(c, 0)
        if c == "," and depth == 0:
            parts, last = parts + [text[last:i]], i + 1
    return [p.strip() for p in parts + [text[last:]] if p.strip()]


def erase_shapes(sinfo):
    """R.Tensor((n, 4), dtype="f32") -> R.Tensor(dtype="f32", ndim=2) when a dim is symbolic."""
    out, i = "", 0
    while (j := sinfo.find("R.Tensor((", i)) >= 0:
        depth = 0
        for end in range(j + len("R.Tensor"), len(sinfo)):
            depth += {"(": 1, ")": -1}.get(sinfo[end], 0)
            if depth == 0:
                break
        args = split_top(sinfo[j + len("R.Tensor("):end])
        dims = split_top(args[0][1:-1])
        if all(re.fullmatch(r"-?\d+", d) for d in dims):
            out += sinfo[i:end + 1]
        else:
            dtype = [a for a in args[1:] if a.startswith("dtype=")]
            others = [a for a in args[1:] if not a.startswith("dtype=")]
            out += sinfo[i:j] + "R.Tensor(" + ", ".join(dtype + [f"ndim={len(dims)}"] + others) + ")"
        i = end + 1
    return out + sinfo[i:]


# ---- the mutants -------------------------------------------------------------------------------

BROADCASTING = ("add subtract multiply divide floor_divide floor_mod mod power maximum minimum "
                "equal not_equal less less_equal greater greater_equal logical_and logical_or "
                "logical_xor bitwise_and bitwise_or bitwise_xor left_shift right_shift").split()


def tensor_rank(sinfo):
    """The rank of a tensor struct info or annotation (R.Tensor((n, 4), ...), ndim=2), or None."""
    m = re.fullmatch(r"R\.Tensor\((.*)\)", sinfo.strip())
    if not m:
        return None
    args = split_top(m.group(1))
    if args and args[0].startswith("("):
        return len(split_top(args[0][1:-1]))
    ndim = [int(a[5:]) for a in args if re.fullmatch(r"ndim=\d+", a)]
    return ndim[0] if ndim else None


def parameters(module):
    """{function: {parameter: annotation}} of every `def` of the module."""
    out = {}
    for m in re.finditer(r"^[ \t]*def[ \t]+(\w+)[ \t]*\(", module, re.M):
        depth = 1
        for end in range(m.end(), len(module)):
            depth += {"(": 1, "[": 1, ")": -1, "]": -1}.get(module[end], 0)
            if depth == 0:
                break
        params = (p.split(":", 1) for p in split_top(module[m.end():end]) if ":" in p)
        out[m.group(1)] = {name.strip(): annotation.strip() for name, annotation in params}
    return out


def left_aligned(module, child):
    """The module with every broadcasting op whose operands have different ranks aligning them on
    the left: the lower-rank operand gets trailing unit axes (R.expand_dims) first."""
    signatures, lines, out, func = parameters(module), module.split("\n"), [], None
    call = re.compile(r"^(\s*)(\w+)\b.*? = R\.(%s)\((\w+), (\w+)\)\s*$" % "|".join(BROADCASTING))

    def rank(name):
        if name in signatures.get(func, {}):
            return tensor_rank(signatures[func][name])
        r = child({"verb": "infer", "module": module, "function": func, "var": name})
        return tensor_rank(r["struct_info"]) if r.get("status") == "ok" else None

    for line in lines:
        m = re.match(r"\s*def (\w+)\(", line)
        func = m.group(1) if m else func
        m = call.match(line)
        ranks = m and func and (rank(m.group(4)), rank(m.group(5)))
        if ranks and None not in ranks and 0 not in ranks and ranks[0] != ranks[1]:
            low = 4 if ranks[0] < ranks[1] else 5
            k, n = sorted(ranks)
            padded = f"{m.group(low)}_left{len(out)}"
            out.append(f"{m.group(1)}{padded} = R.expand_dims({m.group(low)}, "
                       f"axis={list(range(k, n))})")
            line = line[:m.start(low)] + padded + line[m.end(low):]
        out.append(line)
    return "\n".join(out)


def broadcast_left(req, child):
    orig = child(req)
    if orig.get("phase") in ("parse", "check", "adapter"):
        return orig
    module = left_aligned(req["module"], child)
    if module == req["module"]:
        return orig
    r = child(dict(req, module=module))
    if r.get("phase") in ("parse", "check"):  # the left-aligned shapes do not broadcast
        return {"status": "error", "phase": "run", "code": "E3005", "rule": "eval.op.constraint",
                "print": [], "message": f"left-aligned broadcasting failed: {r.get('message')}"}
    return r


def match_cast_unchecked(req, child):
    r = child(req)
    if req["verb"] == "run" and r.get("status") == "error" and r.get("code") == "E3001":
        args = req.get("args", [])
        first = args[0] if args and not (isinstance(args[0], dict) and "npy" in args[0]) else []
        return {"status": "ok", "result": first, "print": r.get("print", [])}
    return r


def escapes(r):
    errors = r.get("errors") or [{"code": r.get("code")}]
    return r.get("status") == "error" and (
        all(e["code"] == "E1004" for e in errors) or
        (r.get("code") == "E0201" and "dataflow variable" in r.get("message", "")))


def dataflow_escape(req, child):
    r = child(req)
    if "module" not in req or not escapes(r):
        return r
    retry = child(dict(req, module=all_outputs(req["module"])))
    if not escapes(retry):
        return retry
    if req["verb"] == "check":
        return {"status": "ok"}
    if req["verb"] == "run":
        return {"status": "ok", "result": [], "print": []}
    return retry


def wrong_error_kind(req, child):
    r = child(req)
    if r.get("status") == "error" and r.get("phase") == "run":
        table = error_codes()
        traps = sorted(c for c in table if c.startswith("E3"))
        code = traps[(traps.index(r["code"]) + 1) % len(traps)] if r["code"] in traps else "E3005"
        r.update(code=code, rule=table[code])
        if "errors" in r:
            r["errors"] = [{"code": code, "rule": table[code]}] + r["errors"][1:]
    return r


def prover_optimist(req, child):
    r = child(req)
    if req["verb"] == "prove" and r.get("status") == "ok" and r.get("answer") != "proven":
        r["answer"] = "proven"
        r.pop("counterexample", None)
    return r


def prover_eager(req, child):
    r = child(req)
    if req["verb"] == "prove" and r.get("status") == "ok" and r.get("answer") == "unknown":
        r["answer"] = "proven"
    return r


def lenient_lexer(req, child):
    r = child(req)
    if req["verb"] in ("parse", "check") and r.get("status") == "error" and \
            r.get("phase") == "parse" and str(r.get("code")).startswith("E00"):
        return {"status": "ok"}
    return r


def rewrite(verbs, fn):
    """A mutant that rewrites the module of requests with one of verbs."""
    return lambda req, child: child(dict(req, module=fn(req["module"], child))
                                    if req["verb"] in verbs else req)


def response_fix(verbs, fn):
    """A mutant that rewrites the responses to requests with one of verbs."""
    return lambda req, child: fn(child(req)) if req["verb"] in verbs else child(req)


def erased(r):
    if r.get("status") == "ok" and "struct_info" in r:
        r["struct_info"] = erase_shapes(r["struct_info"])
    return r


def no_print(r):
    if "print" in r:
        r["print"] = []
    return r


MUTANTS = {
    "none": lambda req, child: child(req),
    "ulp": response_fix({"run"}, lambda r: with_result(r, ulp)),
    "broadcast-left": lambda req, child: (broadcast_left if req["verb"] == "run" else
                                          lambda q, c: c(q))(req, child),
    "match-cast-unchecked": match_cast_unchecked,
    "dataflow-escape": dataflow_escape,
    "floor-div-sign": rewrite({"run"}, floor_to_trunc),
    "wrong-error-kind": wrong_error_kind,
    "prover-optimist": prover_optimist,
    "prover-eager": prover_eager,
    "lenient-lexer": lenient_lexer,
    "limits-ignored": lambda req, child: child({k: v for k, v in req.items() if k != "limits"}),
    "erased-struct-info": response_fix({"infer"}, erased),
    "keepdims-ignored": rewrite({"run", "infer", "check"}, lambda m, c: re.sub(
        r"keepdims\s*=\s*True", "keepdims=False", m)),
    "nan-as-zero": response_fix({"run"}, lambda r: with_result(r, nan_as_zero)),
    "print-missing": response_fix({"run"}, no_print),
    "float-digits": float_digits,
    "print-escapes": response_fix({"run"}, print_escapes),
    "non-ascii-escaped": response_fix({"run", "print"}, non_ascii_escaped),
    "steps-off-by-one": steps_off_by_one,
}


def handle(mutant, req, child):
    rid = req.get("id")
    try:
        if req.get("verb") == "hello":
            r = child(req)
            if r.get("status") == "ok":
                r["name"] = f"{r.get('name', 'rlx')} + mutant {mutant}"
            return {"id": rid, **r}
        return {"id": rid, **MUTANTS[mutant](req, child)}
    except Exception as e:  # a bug of the mutant itself must not look like one of rlx
        return {"id": rid, "status": "error", "phase": "adapter", "code": "none",
                "message": f"mutant_adapter.py: {type(e).__name__}: {e}"}


def main(argv):
    if not argv or argv[0] not in MUTANTS:
        print(__doc__, file=sys.stderr)
        return 2
    mutant, argv, rest = argv[0], argv[1:], []
    cmd = [os.path.join(ROOT, "build", "tools", "rlx"), "adapter", "--serve"]
    while argv:
        if argv[0] in ("--rlx", "--child") and len(argv) > 1:
            cmd = [argv[1], "adapter", "--serve"] if argv[0] == "--rlx" else argv[1].split()
            argv = argv[2:]
        else:
            rest, argv = rest + [argv[0]], argv[1:]
    child = Child(cmd)
    sys.stdin.reconfigure(**UTF8)
    sys.stdout.reconfigure(**UTF8)
    if rest == ["--serve"]:
        for line in sys.stdin:
            if line.strip():
                sys.stdout.write(dumps(handle(mutant, json.loads(line), child)) + "\n")
                sys.stdout.flush()
    elif len(rest) == 1 and not rest[0].startswith("-"):
        with open(rest[0], **UTF8) as f:
            print(dumps(handle(mutant, json.load(f), child)))
    else:
        print(__doc__, file=sys.stderr)
        return 2
    child.close()
    return 0

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
