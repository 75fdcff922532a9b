"""Generates unary.cases, binary.cases and selection.cases: the elementwise ops of spec §5.1
(unary), §5.2 (binary) and §5.3 (where, clip, astype) over every dtype each op accepts, with
edge values, empty and 0-d tensors, broadcasting and run-time broadcast mismatches.

  cd interpreter/tests/op_cases && /usr/bin/python3 gen_elementwise.py

Expected values are computed here with NumPy / Python integers, independently of rlx:
- integers with Python's unbounded ints, wrapped to the dtype (eval.num.int-wrap); the
  interpreter decisions that differ from NumPy (truncating integer divide, mod = fmod, division
  by zero traps E3006, shifts out of range, negative integer exponents) are written out below;
- floats in float64 and rounded once to the result dtype with casefmt.cast (float16 and float32
  by NumPy's direct conversion from float64, bfloat16 by casefmt's emulation);
- maximum/minimum (and relu, clip) as IEEE 754-2019 maximum/minimum: NaN propagates and
  +0.0 > -0.0 in either order (NumPy returns its first operand for equal zeros);
- astype: int -> float rounded exactly from the integer (not via float64), float -> int
  truncating with NaN -> 0 and saturation, float -> float one rounding from the exact value.
"""
import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from casefmt import CaseWriter, cast, DTYPES, FLOATS, SIGNED, UNSIGNED, INTS  # noqa: E402

np.seterr(all="ignore")
F = np.float64
NAN = float("nan")
INF = float("inf")

BITS = {"int8": 8, "int16": 16, "int32": 32, "int64": 64,
        "uint8": 8, "uint16": 16, "uint32": 32, "uint64": 64}
NUMERIC = INTS + FLOATS
INT_BOOL = INTS + ["bool"]

# Float dtypes: significand precision p (with the hidden bit), largest exponent, smallest
# subnormal, largest finite value.
FPREC = {"float16": (11, 15), "bfloat16": (8, 127), "float32": (24, 127), "float64": (53, 1023)}
MINSUB = {"float16": 2.0 ** -24, "bfloat16": 2.0 ** -133, "float32": 2.0 ** -149,
          "float64": 5e-324}
MAXF = {dt: (2.0 - 2.0 ** (1 - p)) * 2.0 ** e for dt, (p, e) in FPREC.items()}
assert MAXF["float16"] == 65504.0 and MAXF["float64"] == sys.float_info.max
assert MAXF["float32"] == float(np.finfo(np.float32).max)


class DivZero(Exception):
    """An integer division, remainder or power that traps E3006 (eval.num.int-div-zero)."""


def imin(dt):
    return -(1 << (BITS[dt] - 1)) if dt in SIGNED else 0


def imax(dt):
    return (1 << (BITS[dt] - 1)) - 1 if dt in SIGNED else (1 << BITS[dt]) - 1


def wrap(v, dt):
    """v modulo 2**bits, read as two's complement for a signed dtype (eval.num.int-wrap)."""
    m = 1 << BITS[dt]
    v %= m
    if dt in SIGNED and v >= m >> 1:
        v -= m
    return v


def py(x, dt):
    if dt in FLOATS:
        return float(x)
    if dt == "bool":
        return bool(x)
    return int(x)


def signbit(x):
    return math.copysign(1.0, x) < 0


def same_float(a, b):
    a, b = float(a), float(b)
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return a == b and signbit(a) == signbit(b)


# ---------------------------------------------------------------- scalar semantics

def fmax_ieee(a, b):
    """IEEE 754-2019 maximum: NaN propagates, +0.0 > -0.0 (eval.num.nan)."""
    if math.isnan(a) or math.isnan(b):
        return NAN
    if a == 0.0 and b == 0.0:
        return -0.0 if signbit(a) and signbit(b) else 0.0
    return a if a > b else b


def fmin_ieee(a, b):
    if math.isnan(a) or math.isnan(b):
        return NAN
    if a == 0.0 and b == 0.0:
        return 0.0 if not signbit(a) and not signbit(b) else -0.0
    return a if a < b else b


def f_sigmoid(x):
    return F(1.0) / (F(1.0) + np.exp(-F(x)))


def f_gelu(x):
    # eval.num.transcendental: gelu(x) = 0.5 * x * erfc(-x / sqrt(2))
    x = F(x)
    return F(0.5) * x * F(math.erfc(float(-x / F(math.sqrt(2.0)))))


def f_gelu_tanh(x):
    # gelu_tanh(x) = x / (1 + exp(-2u)), u = sqrt(2/pi) * (x + 0.044715 * x^3)
    x = F(x)
    u = F(math.sqrt(2.0 / math.pi)) * (x + F(0.044715) * x * x * x)
    return x / (F(1.0) + np.exp(F(-2.0) * u))


def f_silu(x):
    return F(x) * f_sigmoid(x)


def f_sign(x):
    if math.isnan(x):
        return NAN
    if x > 0:
        return 1.0
    if x < 0:
        return -1.0
    return x  # keeps the sign of zero: sign(-0.0) = -0.0


UNARY_FLOAT = {
    "abs": lambda a: math.fabs(a),
    "negative": lambda a: -a,
    "sign": f_sign,
    "square": lambda a: F(a) * F(a),
    "exp": lambda a: np.exp(F(a)),
    "log": lambda a: np.log(F(a)),
    "sqrt": lambda a: np.sqrt(F(a)),
    "rsqrt": lambda a: F(1.0) / np.sqrt(F(a)),
    "sin": lambda a: np.sin(F(a)),
    "cos": lambda a: np.cos(F(a)),
    "tan": lambda a: np.tan(F(a)),
    "tanh": lambda a: np.tanh(F(a)),
    "sigmoid": f_sigmoid,
    "erf": lambda a: math.erf(a),
    "floor": lambda a: np.floor(F(a)),
    "ceil": lambda a: np.ceil(F(a)),
    "round": lambda a: np.rint(F(a)),
    "trunc": lambda a: np.trunc(F(a)),
    "isnan": lambda a: math.isnan(a),
    "isinf": lambda a: math.isinf(a),
    "isfinite": lambda a: math.isfinite(a),
    "logical_not": lambda a: 1.0 if a == 0.0 else 0.0,  # x's dtype, as in TVM
    "nn.relu": lambda a: fmax_ieee(a, 0.0),
    "nn.gelu": f_gelu,
    "nn.gelu_tanh": f_gelu_tanh,
    "nn.silu": f_silu,
}


def unary_int(op, a, dt):
    if op == "abs":
        return wrap(abs(a), dt)
    if op == "negative":
        return wrap(-a, dt)
    if op == "sign":
        return (a > 0) - (a < 0)
    if op == "square":
        return wrap(a * a, dt)
    if op in ("floor", "ceil", "round", "trunc"):
        return a
    if op == "nn.relu":
        return max(a, 0)
    if op == "bitwise_not":
        return wrap(~a, dt)
    if op in ("isnan", "isinf"):
        return False
    if op == "isfinite":
        return True
    if op == "logical_not":
        return int(a == 0)
    raise KeyError(op)


def unary_bool(op, a):
    return {"isnan": False, "isinf": False, "isfinite": True, "logical_not": not a,
            "bitwise_not": not a}[op]


def tdiv(a, b):
    """Integer quotient truncated toward zero (exact)."""
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def int_power(a, b, dt):
    """eval.num.int-power."""
    if b >= 0:
        return wrap(pow(a, b, 1 << BITS[dt]), dt)
    if a == 1:
        return 1
    if a == -1:
        return 1 if b % 2 == 0 else -1
    if a == 0:
        raise DivZero()
    return 0


def shift_left(a, c, dt):
    """eval.num.shift."""
    if c < 0 or c >= BITS[dt]:
        return 0
    return wrap(a << c, dt)


def shift_right(a, c, dt):
    if c < 0 or c >= BITS[dt]:
        return -1 if a < 0 else 0
    return a >> c  # arithmetic for a negative (signed) a; unsigned values are non-negative


def binary_int(op, a, b, dt):
    if op == "add":
        return wrap(a + b, dt)
    if op == "subtract":
        return wrap(a - b, dt)
    if op == "multiply":
        return wrap(a * b, dt)
    if op in ("divide", "floor_divide", "floor_mod", "mod") and b == 0:
        raise DivZero()
    if op == "divide":
        return wrap(tdiv(a, b), dt)          # INT_MIN / -1 wraps to INT_MIN
    if op == "floor_divide":
        return wrap(a // b, dt)
    if op == "floor_mod":
        return a % b                         # sign of the divisor; INT_MIN % -1 = 0
    if op == "mod":
        return a - tdiv(a, b) * b            # C's %: sign of the dividend
    if op == "power":
        return int_power(a, b, dt)
    if op == "maximum":
        return max(a, b)
    if op == "minimum":
        return min(a, b)
    if op in CMP:
        return CMP[op](a, b)
    if op == "bitwise_and":
        return wrap(a & b, dt)
    if op == "bitwise_or":
        return wrap(a | b, dt)
    if op == "bitwise_xor":
        return wrap(a ^ b, dt)
    if op == "left_shift":
        return shift_left(a, b, dt)
    if op == "right_shift":
        return shift_right(a, b, dt)
    raise KeyError(op)


CMP = {
    "equal": lambda a, b: a == b,
    "not_equal": lambda a, b: a != b,
    "less": lambda a, b: a < b,
    "less_equal": lambda a, b: a <= b,
    "greater": lambda a, b: a > b,
    "greater_equal": lambda a, b: a >= b,
}


class Ambiguous(Exception):
    """The spec's two descriptions of a float op (NumPy's function and the formula) disagree."""


def float_floor_divide(a, b):
    # §5.2: numpy.floor_divide, "for floats it is floor(x1 / x2)"; emitted only where both agree.
    r1 = np.floor(F(a) / F(b))
    r2 = np.floor_divide(F(a), F(b))
    if not same_float(r1, r2):
        raise Ambiguous()
    return r1


def float_floor_mod(a, b):
    # §5.2: numpy.remainder, "x1 - floor_divide(x1, x2) * x2"; emitted only where both agree.
    r1 = F(a) - np.floor(F(a) / F(b)) * F(b)
    r2 = np.remainder(F(a), F(b))
    if not same_float(r1, r2):
        raise Ambiguous()
    return r1


def binary_float(op, a, b):
    if op == "add":
        return F(a) + F(b)
    if op == "subtract":
        return F(a) - F(b)
    if op == "multiply":
        return F(a) * F(b)
    if op == "divide":
        return F(a) / F(b)
    if op == "floor_divide":
        return float_floor_divide(a, b)
    if op == "floor_mod":
        return float_floor_mod(a, b)
    if op == "mod":
        return np.fmod(F(a), F(b))
    if op == "power":
        return np.power(F(a), F(b))
    if op == "maximum":
        return fmax_ieee(a, b)
    if op == "minimum":
        return fmin_ieee(a, b)
    if op in CMP:
        return CMP[op](a, b)
    raise KeyError(op)


def binary_bool(op, a, b):
    if op in CMP:
        return CMP[op](a, b)  # False < True
    return {"logical_and": a and b, "logical_or": a or b, "logical_xor": a != b,
            "bitwise_and": a and b, "bitwise_or": a or b, "bitwise_xor": a != b}[op]


def int_to_float(n, dt):
    """The integer n rounded to the float dtype, to nearest even, exactly (eval.num.astype)."""
    if n == 0:
        return 0.0
    p, emax = FPREC[dt]
    s = -1.0 if n < 0 else 1.0
    a = abs(n)
    shift = a.bit_length() - p
    if shift > 0:
        q, r = divmod(a, 1 << shift)
        half = 1 << (shift - 1)
        if r > half or (r == half and q & 1):
            q += 1
        a = q << shift
    if a >= 1 << (emax + 1):
        return s * INF
    return s * float(a)  # a has at most p <= 53 significant bits: exact


def float_to_int(v, dt):
    """Truncation toward zero; NaN -> 0; saturation (eval.num.astype)."""
    if math.isnan(v):
        return 0
    if math.isinf(v):
        return imax(dt) if v > 0 else imin(dt)
    return min(max(int(v), imin(dt)), imax(dt))  # int() truncates a float exactly


def astype_scalar(v, src, dst):
    if dst == "bool":
        return v != 0  # NaN != 0; -0.0 == 0
    if src == "bool":
        v, src = int(v), "int64"
    if src in INTS:
        return wrap(v, dst) if dst in INTS else int_to_float(v, dst)
    if dst in INTS:
        return float_to_int(v, dst)
    return float(cast([v], dst)[0])  # one rounding from the exact value


# Independent spot checks of the conversions the cases rely on.
assert int_to_float(65519, "float16") == 65504.0 and int_to_float(65520, "float16") == INF
assert int_to_float(2049, "float16") == 2048.0 and int_to_float(2051, "float16") == 2052.0
assert int_to_float(2 ** 55 + 2 ** 31 + 1, "float32") == 2.0 ** 55 + 2.0 ** 32
assert astype_scalar(1 + 2 ** -8 + 2 ** -30, "float64", "bfloat16") == 1 + 2 ** -7
assert astype_scalar(1 + 2 ** -11 + 2 ** -30, "float64", "float16") == 1 + 2 ** -10
assert int_power(-2, 7, "int8") == -128 and int_power(3, 5, "int8") == -13

# ---------------------------------------------------------------- case emission

W = CaseWriter(__doc__.strip().split("\n\n")[0] + "\n\nGenerated by gen_elementwise.py; "
               "do not edit by hand.")
SKIPPED = []       # (case, reason): cases the generator left out
OP_COUNT = {}
OP_DTYPES = {}


def arr(dt, vals, shape=None):
    a = cast(list(vals), dt)
    if dt in INTS:  # an integer input must be a value of its dtype (no silent wrapping)
        assert [int(x) for x in a] == [int(v) for v in vals], (dt, vals)
    if shape is not None:
        a = a.reshape(shape)
    return a


def emit(name, call, inputs, out_dt, fn, compare="exact", spec=None, sig=None, error=None):
    """inputs: (name, dtype, array) tensors or (name, 'prim', dtype, value) prims, in the order
    fn takes them. fn maps the Python scalars of one index to the result element."""
    norm, arrays, dts = [], [], []
    for inp in inputs:
        if inp[1] == "prim":
            v = py(cast([inp[3]], inp[2])[0], inp[2])
            norm.append((inp[0], "prim", inp[2], v))
            arrays.append(cast([v], inp[2]).reshape(()))
            dts.append(inp[2])
        else:
            norm.append(inp)
            arrays.append(inp[2])
            dts.append(inp[1])
        assert arrays[-1].size <= 12, name
    expect = None
    if error is None:
        shape = np.broadcast_shapes(*[a.shape for a in arrays])
        bs = [np.broadcast_to(a, shape) for a in arrays]
        try:
            vals = [fn(*[py(b[idx], d) for b, d in zip(bs, dts)]) for idx in np.ndindex(*shape)]
        except DivZero:
            error = "E3006"
            spec = sorted(set((spec or []) + ["eval.num.int-div-zero"]))
        except Ambiguous:
            SKIPPED.append((name, "NumPy and the spec formula disagree"))
            return
        if error is None:
            if out_dt in FLOATS:
                vals = [float(v) for v in vals]
            elif out_dt == "bool":
                vals = [bool(v) for v in vals]
            else:
                vals = [int(v) for v in vals]
            expect = (out_dt, cast(vals, out_dt).reshape(shape))
    W.case(name, call, norm, expect=expect, error=error, compare=compare, spec=spec, sig=sig)
    op = name.split(".")[0] if not name.startswith("nn.") else ".".join(name.split(".")[:2])
    OP_COUNT[op] = OP_COUNT.get(op, 0) + 1
    OP_DTYPES.setdefault(op, set()).add(name[len(op) + 1:].split(".")[0])


def fcompare(dt):
    """Compare mode of a transcendental result (eval.num.transcendental)."""
    if dt == "float64":
        return "ulp 4"
    if dt in FLOATS:
        return "ulp 1"
    return "exact"


# ---------------------------------------------------------------- unary ops

FLOAT_ONLY = ["exp", "log", "sqrt", "rsqrt", "sin", "cos", "tan", "tanh", "sigmoid", "erf",
              "nn.gelu", "nn.gelu_tanh", "nn.silu"]
NUMERIC_UNARY = ["abs", "negative", "sign", "square", "floor", "ceil", "round", "trunc",
                 "nn.relu"]
ANY_UNARY = ["isnan", "isinf", "isfinite", "logical_not"]
UNARY_OPS = ["abs", "negative", "sign", "square", "exp", "log", "sqrt", "rsqrt", "sin", "cos",
             "tan", "tanh", "sigmoid", "erf", "floor", "ceil", "round", "trunc", "isnan",
             "isinf", "isfinite", "logical_not", "bitwise_not", "nn.relu", "nn.gelu",
             "nn.gelu_tanh", "nn.silu"]
TRANSCENDENTAL = {"exp", "log", "rsqrt", "sin", "cos", "tan", "tanh", "sigmoid", "erf",
                  "nn.gelu", "nn.gelu_tanh", "nn.silu", "power"}
ROUNDING = {"floor", "ceil", "round", "trunc"}
BOOL_RESULT = {"isnan", "isinf", "isfinite"}


def unary_dtypes(op):
    if op in FLOAT_ONLY:
        return FLOATS
    if op in NUMERIC_UNARY:
        return NUMERIC
    if op == "bitwise_not":
        return INT_BOOL
    return DTYPES


def unary_fn(op, dt):
    if dt in FLOATS:
        return UNARY_FLOAT[op]
    if dt == "bool":
        return lambda a: unary_bool(op, a)
    return lambda a: unary_int(op, a, dt)


def unary_spec(op, dt, what):
    s = []
    if dt in FLOATS:
        if op in TRANSCENDENTAL:
            s.append("eval.num.transcendental")
        elif op in ("sqrt", "square"):
            s.append("eval.num.float-rounding")
    if op in ROUNDING:
        s.append("eval.num.round")
    if what in ("edge", "neg_zero", "neg_inf") and dt in FLOATS:
        s.append("eval.num.nan")
    if what == "extremes" and op in ("abs", "negative", "square"):
        s.append("eval.num.int-wrap")
    return s or None


def unary_case(op, dt, what, vals, shape=None):
    out = "bool" if op in BOOL_RESULT else dt
    compare = fcompare(out) if op in TRANSCENDENTAL else "exact"
    emit(f"{op}.{dt}.{what}", f"R.{op}(x)", [("x", dt, arr(dt, vals, shape))], out,
         unary_fn(op, dt), compare=compare, spec=unary_spec(op, dt, what))


FLOAT_GENERAL = [-3.0, -1.5, -0.75, -0.1, 0.1, 0.6, 1.0, 2.5, 4.0]
FLOAT_POSITIVE = [0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 10.0, 100.0, 1000.0]
SIGNED_BASIC = [-7, -3, -1, 0, 1, 2, 5, 11]
UNSIGNED_BASIC = [0, 1, 2, 3, 7, 11, 100, 127]


def float_edge(dt):
    return [NAN, INF, -INF, -0.0, 0.0, MINSUB[dt], MAXF[dt], -MAXF[dt]]


def int_extremes(dt):
    if dt in SIGNED:
        return [imin(dt), imin(dt) + 1, -1, 0, 1, imax(dt) - 1, imax(dt)]
    return [0, 1, 1 << (BITS[dt] - 1), imax(dt) - 1, imax(dt)]


def halves(dt):
    p, _ = FPREC[dt]
    below_half = 0.5 - 2.0 ** -(p + 1)
    largest_half = 2.0 ** (p - 1) - 0.5
    return [0.5, 1.5, 2.5, -0.5, -1.5, -2.5, -0.7, 0.7, below_half, -below_half,
            largest_half, -largest_half]


for op in UNARY_OPS:
    for dt in unary_dtypes(op):
        if dt in FLOATS:
            if op in ("log", "sqrt", "rsqrt"):
                basic = FLOAT_POSITIVE
            elif op in ANY_UNARY:
                basic = [NAN, 1.0, -INF, INF, 0.0, -0.0, MINSUB[dt], MAXF[dt], -2.5]
            else:
                basic = FLOAT_GENERAL
            unary_case(op, dt, "basic", basic)
            if op not in ANY_UNARY:
                edge = float_edge(dt)
                if op in ("nn.gelu", "nn.gelu_tanh", "nn.silu"):
                    edge = [v for v in edge if v != -INF] + [-20.0, 20.0]
                    unary_case(op, dt, "neg_inf", [-INF])
                if op in ("rsqrt", "nn.relu"):
                    edge = [v for v in edge if not (v == 0.0 and signbit(v))]
                    unary_case(op, dt, "neg_zero", [-0.0, 0.0])
                if op in ("log", "sqrt", "rsqrt"):
                    edge = edge + [-1.0]
                if op in ("exp", "sigmoid", "tanh"):
                    edge = edge + [-20.0, 12.0]
                unary_case(op, dt, "edge", edge)
            if op in ROUNDING:
                unary_case(op, dt, "halves", halves(dt))
        elif dt == "bool":
            unary_case(op, dt, "basic", [True, False, False, True])
        else:
            unary_case(op, dt, "basic", SIGNED_BASIC if dt in SIGNED else UNSIGNED_BASIC)
            unary_case(op, dt, "extremes", int_extremes(dt))

# 0-d and empty tensors of unary ops.
for op, dt, vals, shape in [
        ("abs", "int32", [-5], ()), ("negative", "int8", [-128], ()), ("exp", "float64", [1.0], ()),
        ("sqrt", "float32", [2.0], ()), ("logical_not", "bool", [True], ()),
        ("isnan", "float16", [NAN], ()), ("bitwise_not", "uint16", [5], ()),
        ("nn.relu", "bfloat16", [-1.5], ()), ("sigmoid", "float32", [0.0], ()),
        ("round", "float64", [2.5], ())]:
    unary_case(op, dt, "scalar", vals, shape)
for op, dt, shape in [
        ("exp", "float32", (0,)), ("abs", "int32", (2, 0)), ("isnan", "float16", (0,)),
        ("logical_not", "bool", (2, 0)), ("bitwise_not", "int8", (0,)), ("nn.silu", "float64", (2, 0)),
        ("negative", "float32", (0,)), ("sign", "int64", (2, 0))]:
    unary_case(op, dt, "empty" if len(shape) == 1 else "empty2d", [], shape)
unary_case("tanh", "float32", "matrix", [-2.0, -1.0, 0.0, 1.0, 2.0, 3.0], (2, 3))

# ---------------------------------------------------------------- binary ops

ARITH = ["add", "subtract", "multiply", "divide", "floor_divide", "floor_mod", "mod", "power",
         "maximum", "minimum"]
CMP_OPS = list(CMP)
LOGICAL = ["logical_and", "logical_or", "logical_xor"]
BITWISE = ["bitwise_and", "bitwise_or", "bitwise_xor"]
SHIFTS = ["left_shift", "right_shift"]
BINARY_OPS = ARITH + CMP_OPS + LOGICAL + BITWISE + SHIFTS


def binary_dtypes(op):
    if op in ARITH:
        return NUMERIC
    if op in CMP_OPS:
        return DTYPES
    if op in LOGICAL:
        return ["bool"]
    if op in BITWISE:
        return INT_BOOL
    return INTS


def binary_fn(op, dt):
    if dt in FLOATS:
        return lambda a, b: binary_float(op, a, b)
    if dt == "bool":
        return lambda a, b: binary_bool(op, a, b)
    return lambda a, b: binary_int(op, a, b, dt)


def binary_out(op, dt):
    return "bool" if op in CMP_OPS or op in LOGICAL else dt


def binary_compare(op, dt):
    return fcompare(dt) if op == "power" and dt in FLOATS else "exact"


def binary_case(op, dt, what, a, b, shape_a=None, shape_b=None, spec=None, prim_b=False,
                dt_b=None):
    a_arr = arr(dt, a, shape_a)
    if prim_b:
        inputs = [("x1", dt, a_arr), ("x2", "prim", dt, b)]
    else:
        inputs = [("x1", dt, a_arr), ("x2", dt, arr(dt, b, shape_b))]
    if spec is None:
        spec = []
        if dt in FLOATS and op in ("add", "subtract", "multiply", "divide"):
            spec.append("eval.num.float-rounding")
        if dt in FLOATS and op == "power":
            spec.append("eval.num.transcendental")
    emit(f"{op}.{dt}.{what}", f"R.{op}(x1, x2)", inputs, binary_out(op, dt), binary_fn(op, dt),
         compare=binary_compare(op, dt), spec=spec or None)


def pairs_case(op, dt, what, pairs, spec=None):
    """A case of (x1, x2) pairs; a float pair where NumPy and the spec's formula disagree is
    left out (and reported on stderr)."""
    fn = binary_fn(op, dt)
    keep = []
    for a, b in pairs:
        try:
            fn(py(cast([a], dt)[0], dt), py(cast([b], dt)[0], dt))
        except Ambiguous:
            SKIPPED.append((f"{op}.{dt}.{what} pair ({a!r}, {b!r})",
                            "NumPy and the spec formula disagree"))
            continue
        except DivZero:
            pass
        keep.append((a, b))
    binary_case(op, dt, what, [p[0] for p in keep], [p[1] for p in keep], spec=spec)


FLOAT_A = [-3.5, -1.25, -0.5, 0.0, 0.75, 2.5, 6.0, 10.0]
FLOAT_B = [2.0, -0.5, 4.0, 3.0, -8.0, 0.25, 1.5, 7.0]
FDIV_A = [7.5, -7.5, 7.5, -7.5, 7.0, -7.0, 1.0, 6.0, 0.75, -0.75]
FDIV_B = [2.0, 2.0, -2.0, -2.0, 2.0, 2.0, 0.25, 3.0, 0.5, 0.25]
FPOW_A = [2.0, 3.0, 0.5, 4.0, -2.0, 10.0, 1.5, 9.0, 0.0, -0.5]
FPOW_B = [3.0, 0.5, 2.0, -0.5, 3.0, -1.0, 2.5, 0.5, 2.0, -2.0]
SIGNED_A = [-7, -3, -1, 0, 2, 5, 7, 12]
SIGNED_B = [2, -2, 3, 5, -4, 3, -7, 5]
UNSIGNED_A = [0, 1, 3, 7, 12, 20, 100, 9]
UNSIGNED_B = [2, 3, 1, 5, 4, 7, 9, 9]
SPOW_A = [2, 3, -2, 5, 0, 1, -1, 7, -3]
SPOW_B = [3, 2, 3, 0, 0, 5, 4, 1, 2]
UPOW_A = [2, 3, 4, 5, 0, 1, 10, 7, 0]
UPOW_B = [3, 2, 3, 0, 0, 5, 2, 1, 3]
SCMP_A = [-7, -3, -1, 0, 2, 5, 7, 12]
SCMP_B = [-7, -2, -1, 3, 2, 4, 7, -12]
UCMP_A = [0, 3, 1, 9, 2, 5, 7, 12]
UCMP_B = [0, 2, 1, 3, 2, 40, 7, 100]
FCMP_A = [-1.5, 0.5, 2.0, 3.0, -0.25, 7.0, 100.0, 0.1]
FCMP_B = [-1.5, 0.25, 2.0, 4.0, -0.5, 7.5, 100.0, 0.1]
BOOL_A = [False, False, True, True]
BOOL_B = [False, True, False, True]


def float_edge_pairs(op, dt):
    M, S = MAXF[dt], MINSUB[dt]
    table = {
        "add": [(INF, -INF), (-0.0, -0.0), (0.0, -0.0), (-0.0, 0.0), (M, M), (-M, -M), (S, S),
                (NAN, 1.0), (INF, 1.0), (S, -S), (1.0, -1.0)],
        "subtract": [(INF, INF), (0.0, 0.0), (-0.0, 0.0), (0.0, -0.0), (-M, M), (M, -M),
                     (S, S), (NAN, NAN), (INF, -INF), (-INF, 1.0), (1.0, 1.0)],
        "multiply": [(0.0, INF), (-0.0, 1.0), (-0.0, -1.0), (M, 2.0), (S, 0.5), (S, 1.5),
                     (-S, 0.5), (NAN, 0.0), (INF, -1.0), (-INF, -INF), (M, -M)],
        "divide": [(1.0, 0.0), (-1.0, 0.0), (0.0, 0.0), (1.0, -0.0), (INF, INF), (S, 2.0),
                   (3 * S, 2.0), (M, 0.5), (1.0, INF), (-1.0, INF), (NAN, 1.0), (INF, -2.0)],
        "floor_divide": [(1.0, 0.0), (-1.0, 0.0), (0.0, 0.0), (1.0, -0.0), (NAN, 2.0),
                         (2.0, NAN), (-0.0, 2.0), (0.0, -2.0), (S, 1.0), (-S, 1.0), (5.0, 0.5),
                         (-5.0, 0.5)],
        "floor_mod": [(1.0, 0.0), (0.0, 0.0), (NAN, 2.0), (2.0, NAN), (S, 1.0), (7.5, -2.0),
                      (-7.5, 2.0), (4.0, 2.0), (-4.0, 2.0), (5.0, 0.5), (-0.75, 0.5)],
        "mod": [(1.0, 0.0), (INF, 2.0), (5.0, INF), (-0.0, 2.0), (-7.5, 2.0), (7.5, -2.0),
                (NAN, 1.0), (1.0, NAN), (-4.0, 2.0), (M, 3.0), (S, M), (-5.0, -INF)],
        "power": [(NAN, 0.0), (1.0, NAN), (0.0, -1.0), (-0.0, -1.0), (-8.0, 1.0 / 3),
                  (INF, -1.0), (-INF, 3.0), (-1.0, INF), (2.0, -INF), (0.5, INF), (NAN, 1.0),
                  (0.0, 0.0)],
        "maximum": [(NAN, 1.0), (1.0, NAN), (-0.0, 0.0), (0.0, -0.0), (INF, 3.0), (-INF, -3.0),
                    (2.0, NAN), (-0.0, -0.0), (NAN, NAN), (S, -S), (M, INF), (-M, -INF)],
    }
    table["minimum"] = table["maximum"]
    for c in CMP_OPS:
        table[c] = [(NAN, 1.0), (1.0, NAN), (NAN, NAN), (0.0, -0.0), (-0.0, 0.0), (INF, INF),
                    (-INF, INF), (S, 0.0), (-M, -INF), (1.0, 2.0), (M, M)]
    return table[op]


def int_edge_pairs(op, dt):
    lo, hi = imin(dt), imax(dt)
    b = BITS[dt]
    half = 1 << (b // 2)
    top = 1 << (b - 1)
    if dt in SIGNED:
        table = {
            "add": [(hi, 1), (lo, -1), (hi, hi), (lo, lo), (hi, lo), (-1, 1)],
            "subtract": [(lo, 1), (hi, -1), (0, lo), (lo, lo), (-1, hi), (lo, hi)],
            "multiply": [(hi, 2), (lo, -1), (lo, lo), (half, half), (hi, hi), (-1, lo),
                         (half + 1, half - 1)],
            "divide": [(lo, -1), (lo, 1), (lo, lo), (hi, -1), (lo, hi), (-1, lo), (hi, lo),
                       (lo, 2)],
            "floor_divide": [(lo, -1), (lo, hi), (hi, lo), (-1, lo), (lo, 2), (1, -2), (-1, 2),
                             (hi, -1)],
            "floor_mod": [(lo, -1), (lo, hi), (hi, lo), (-1, lo), (1, -2), (-1, 2), (lo, 2),
                          (hi, -1)],
            "mod": [(lo, -1), (lo, hi), (hi, lo), (-1, lo), (1, -2), (-1, 2), (lo, 2), (hi, -1)],
            "maximum": [(lo, hi), (hi, lo), (-1, 0), (lo, lo), (lo, -1)],
            "minimum": [(lo, hi), (hi, lo), (-1, 0), (lo, lo), (lo, -1)],
        }
    else:
        table = {
            "add": [(hi, 1), (hi, hi), (top, top), (0, 0), (hi, 0)],
            "subtract": [(0, 1), (1, hi), (0, hi), (hi, hi), (top, top + 1)],
            "multiply": [(hi, hi), (hi, 2), (half, half), (3, top), (half + 1, half - 1)],
            "divide": [(hi, 1), (hi, hi), (hi, 2), (0, hi), (top, top - 1), (top - 1, top)],
            "floor_divide": [(hi, 1), (hi, hi), (hi, 2), (0, hi), (top, top - 1), (top - 1, top)],
            "floor_mod": [(hi, 1), (hi, hi), (hi, 2), (0, hi), (top, top - 1), (top - 1, top)],
            "mod": [(hi, 1), (hi, hi), (hi, 2), (0, hi), (top, top - 1), (top - 1, top)],
            "maximum": [(0, hi), (hi, 0), (top, top - 1), (hi, hi)],
            "minimum": [(0, hi), (hi, 0), (top, top - 1), (hi, hi)],
        }
    for c in CMP_OPS:
        table[c] = ([(lo, hi), (hi, lo), (lo, lo), (hi, hi), (-1, 0), (0, -1)] if dt in SIGNED
                    else [(0, hi), (hi, 0), (hi, hi), (top, top - 1), (top - 1, top)])
    return table.get(op)


for op in BINARY_OPS:
    for dt in binary_dtypes(op):
        if dt in FLOATS:
            if op in ("floor_divide", "floor_mod", "mod"):
                # Operands whose quotient is exact in every float dtype.
                for x, y in zip(FDIV_A, FDIV_B):
                    assert float(cast([x / y], dt)[0]) == x / y
                binary_case(op, dt, "basic", FDIV_A, FDIV_B,
                            spec=["eval.num.float-rounding"] if op == "mod" else None)
            elif op == "power":
                binary_case(op, dt, "basic", FPOW_A, FPOW_B)
            elif op in CMP_OPS:
                binary_case(op, dt, "basic", FCMP_A, FCMP_B)
            else:
                binary_case(op, dt, "basic", FLOAT_A, FLOAT_B)
            pairs_case(op, dt, "edge", float_edge_pairs(op, dt),
                       spec=(["eval.num.transcendental"] if op == "power" else [])
                       + (["eval.num.float-rounding"]
                          if op in ("add", "subtract", "multiply", "divide") else [])
                       + ["eval.num.nan"])
        elif dt == "bool":
            binary_case(op, dt, "basic", BOOL_A, BOOL_B)
        else:
            signed = dt in SIGNED
            if op == "power":
                binary_case(op, dt, "basic", SPOW_A if signed else UPOW_A,
                            SPOW_B if signed else UPOW_B, spec=["eval.num.int-power"])
            elif op in CMP_OPS:
                binary_case(op, dt, "basic", SCMP_A if signed else UCMP_A,
                            SCMP_B if signed else UCMP_B)
            elif op in BITWISE:
                lo, hi = imin(dt), imax(dt)
                if signed:
                    binary_case(op, dt, "basic", [-4, -1, 0, 5, 12, lo, hi, 6, -4],
                                [6, 7, -1, 3, 10, -1, lo, 6, 6])
                else:
                    binary_case(op, dt, "basic", [4, hi, 0, 5, 12, 1 << (BITS[dt] - 1), 200, 6],
                                [6, 7, hi, 3, 10, 1, 55, 6])
            elif op in SHIFTS:
                if signed:
                    binary_case(op, dt, "basic", [1, 3, -8, -1, 5, 7, 100, -100, 64],
                                [0, 2, 1, 3, 1, 2, 1, 2, 1])
                else:
                    binary_case(op, dt, "basic", [1, 3, 248, 200, 5, 7, 100, 128],
                                [0, 2, 1, 1, 1, 2, 1, 7])
            else:
                binary_case(op, dt, "basic", SIGNED_A if signed else UNSIGNED_A,
                            SIGNED_B if signed else UNSIGNED_B,
                            spec=["eval.num.int-wrap"] if not signed and op == "multiply"
                            else None)
            pairs = int_edge_pairs(op, dt)
            if pairs:
                spec = {"add": ["eval.num.int-wrap"], "subtract": ["eval.num.int-wrap"],
                        "multiply": ["eval.num.int-wrap"],
                        "divide": ["eval.num.int-div-zero", "eval.num.int-wrap"],
                        "floor_divide": ["eval.num.int-div-zero", "eval.num.int-wrap"],
                        "floor_mod": ["eval.num.int-div-zero"],
                        "mod": ["eval.num.int-div-zero"]}.get(op)
                if not signed and op in ("divide", "floor_divide", "floor_mod", "mod"):
                    spec = None
                pairs_case(op, dt, "wrap" if op in ("add", "subtract", "multiply") else "extremes",
                           pairs, spec=spec)
            if op in ("divide", "floor_divide", "floor_mod", "mod"):
                binary_case(op, dt, "div_zero", [1, 2, 3], [1, 0, 1],
                            spec=["eval.num.int-div-zero"])
                binary_case(op, dt, "zero_div_zero", [0], [0], shape_a=(), shape_b=(),
                            spec=["eval.num.int-div-zero"])
            if op == "power":
                b = BITS[dt]
                lo, hi = imin(dt), imax(dt)
                if signed:
                    pairs_case(op, dt, "wrap", [(2, b - 1), (2, b), (3, 5), (-2, b - 1),
                                                (hi, 2), (-1, hi), (lo, 1), (lo, 2), (0, 0),
                                                (7, 100), (-1, 0)],
                               spec=["eval.num.int-power", "eval.num.int-wrap"])
                    pairs_case(op, dt, "neg_exponent", [(1, -1), (1, -100), (-1, -1), (-1, -2),
                                                        (2, -1), (-2, -1), (5, -3), (lo, -1),
                                                        (hi, lo), (-1, lo), (-1, -127)],
                               spec=["eval.num.int-power"])
                    binary_case(op, dt, "zero_neg_exponent", [2, 0, 3], [-1, -1, 2],
                                spec=["eval.num.int-power"])
                else:
                    pairs_case(op, dt, "wrap", [(2, b - 1), (2, b), (3, 5), (2, hi), (hi, hi),
                                                (hi, 2), (0, 0), (7, 100), (0, hi)],
                               spec=["eval.num.int-power", "eval.num.int-wrap"])
            if op in SHIFTS:
                b = BITS[dt]
                lo, hi = imin(dt), imax(dt)
                if signed:
                    if op == "left_shift":
                        pairs = [(1, -1), (1, b), (-1, b + 3), (64, 1), (-1, b - 1), (5, 0),
                                 (1, b - 1), (hi, 1), (3, hi), (3, lo), (-5, -2)]
                    else:
                        pairs = [(-8, 1), (-1, 3), (-5, b), (5, b), (-5, -1), (5, -2),
                                 (lo, b - 1), (hi, b - 1), (lo, hi), (-7, lo), (7, hi)]
                else:
                    if op == "left_shift":
                        pairs = [(200, 1), (1, b), (1, b - 1), (1, hi), (hi, 1), (3, b + 1),
                                 (5, 0)]
                    else:
                        pairs = [(248, 1), (hi, b), (hi, b - 1), (hi, hi), (128, 7), (5, 0),
                                 (hi, b + 1)]
                pairs_case(op, dt, "count_range", pairs, spec=["eval.num.shift"])

# Broadcasting, 0-d, empty tensors and primitive operands of binary ops.
COL = [1.0, 2.0, 3.0]
ROW = [0.5, -1.0, 10.0, 0.0]
binary_case("add", "float32", "bcast_col_row", COL, ROW, (3, 1), (1, 4))
binary_case("multiply", "int32", "bcast_col_row", [1, -2, 3], [4, 5, -6, 7], (3, 1), (1, 4))
binary_case("less", "int16", "bcast_col_row", [1, -2, 3], [0, 1, 3, -5], (3, 1), (1, 4))
binary_case("power", "float64", "bcast_col_row", [2.0, 3.0, 0.5], [0.0, 1.0, 2.0, -1.0], (3, 1),
            (1, 4))
binary_case("bitwise_or", "bool", "bcast_col_row", [True, False, True],
            [False, True, False, False], (3, 1), (1, 4))
binary_case("subtract", "float64", "bcast_scalar_left", [10.0], [1.0, 2.0, 3.0, -4.0, 0.5, -0.0],
            (), (2, 3))
binary_case("multiply", "int8", "bcast_scalar_right", [100, -2, 3, 0, 64, -128], [2], (2, 3), ())
binary_case("maximum", "float16", "bcast_scalar_right", [-1.0, NAN, 3.0, -0.0, 0.5, 7.0], [0.0],
            (2, 3), ())
binary_case("equal", "uint8", "bcast_scalar_left", [3], [3, 2, 3, 0, 255, 3], (), (2, 3))
binary_case("divide", "int32", "bcast_row", [7, -7, 9, 100, -100, 5], [2, -3, 4], (2, 3), (3,))
binary_case("add", "bfloat16", "bcast_row", [1.0, 2.0, 3.0, 4.0, 5.0, 6.0], [0.5, 256.0, -1.0],
            (2, 3), (3,))
binary_case("logical_and", "bool", "bcast_row", [True, False, True, True, True, False],
            [True, True, False], (2, 3), (3,))
binary_case("right_shift", "int64", "bcast_row", [-64, 64, 1000, 7, -1, 8], [1, 2, 3], (2, 3),
            (3,))
binary_case("floor_mod", "int16", "bcast_row", [7, -7, 9, -100, 100, 5], [3, -3, 4], (2, 3), (3,))
binary_case("logical_xor", "bool", "bcast_col_row", [True, False, True],
            [False, True, True, False], (3, 1), (1, 4))
binary_case("logical_or", "bool", "bcast_col_row", [True, False, False],
            [False, True, False, True], (3, 1), (1, 4))
binary_case("logical_and", "bool", "scalar", [True], [False], (), ())
binary_case("logical_xor", "bool", "scalar", [True], [True], (), ())
binary_case("logical_and", "bool", "prim_operand", [True, False, True], True, prim_b=True)
binary_case("bitwise_xor", "bool", "prim_operand", [True, False], True, prim_b=True)
binary_case("add", "int32", "scalar", [2147483647], [1], (), (), spec=["eval.num.int-wrap"])
binary_case("divide", "float32", "scalar", [1.0], [3.0], (), ())
binary_case("greater_equal", "float64", "scalar", [NAN], [1.0], (), (), spec=["eval.num.nan"])
binary_case("mod", "int8", "scalar", [-7], [2], (), ())
binary_case("add", "float32", "empty", [], [], (0,), (0,))
binary_case("multiply", "int8", "empty_bcast", [], [3], (0,), (1,))
binary_case("add", "int32", "empty2d_bcast", [], [5], (2, 0), (1,))
binary_case("less", "float16", "empty2d", [], [], (2, 0), (2, 0))
binary_case("logical_or", "bool", "empty_scalar", [], [True], (0,), ())
binary_case("divide", "int32", "empty_zero_scalar", [], [0], (0,), ())
binary_case("add", "float32", "prim_operand", [1.5, -2.0, 0.25], 0.5, prim_b=True)
binary_case("left_shift", "int64", "prim_count", [1, -3, 5, 7], 3, prim_b=True)
binary_case("greater", "int32", "prim_operand", [1, 5, 9], 5, prim_b=True)
binary_case("floor_divide", "int32", "prim_zero", [1, 2], 0, prim_b=True,
            spec=["eval.num.int-div-zero"])

# Run-time broadcast mismatch: shapes (3,) and (2,) annotated symbolically.
for op, dt, a, b in [("add", "float32", [1.0, 2.0, 3.0], [1.0, 2.0]),
                     ("multiply", "int32", [1, 2, 3], [1, 2]),
                     ("equal", "int8", [1, 2, 3], [1, 2]),
                     ("logical_and", "bool", [True, False, True], [True, False]),
                     ("left_shift", "uint16", [1, 2, 3], [1, 2]),
                     ("power", "float64", [1.0, 2.0, 3.0], [1.0, 2.0])]:
    emit(f"{op}.{dt}.bcast_mismatch", f"R.{op}(x1, x2)",
         [("x1", dt, arr(dt, a)), ("x2", dt, arr(dt, b))], binary_out(op, dt), None,
         spec=["eval.op.constraint"], sig={"x1": '("n",)', "x2": '("m",)'}, error="E3005")
emit("subtract.float32.bcast_mismatch_2d", "R.subtract(x1, x2)",
     [("x1", "float32", arr("float32", [1.0] * 6, (2, 3))),
      ("x2", "float32", arr("float32", [1.0] * 4, (2, 2)))], "float32", None,
     spec=["eval.op.constraint"], sig={"x1": '(2, "n")', "x2": '(2, "m")'}, error="E3005")

# ---------------------------------------------------------------- where

WHERE_VALUES = {
    "bool": ([True, True, False, False, True, False], [False, True, True, False, False, True]),
}
for dt in SIGNED:
    WHERE_VALUES[dt] = ([imin(dt), -1, 0, 5, imax(dt), 7], [1, 2, 3, -4, -5, 6])
for dt in UNSIGNED:
    WHERE_VALUES[dt] = ([0, 1, imax(dt), 5, 9, 7], [10, 20, 30, 40, 50, 60])
for dt in FLOATS:
    WHERE_VALUES[dt] = ([-0.0, NAN, 1.5, INF, MINSUB[dt], 2.0], [0.0, 1.0, NAN, -INF, 3.0, -0.0])
COND = [True, False, True, False, True, False]


def where_case(dt, what, c, x1, x2, sc=None, s1=None, s2=None, spec=None):
    emit(f"where.{dt}.{what}", "R.where(c, x1, x2)",
         [("c", "bool", arr("bool", c, sc)), ("x1", dt, arr(dt, x1, s1)),
          ("x2", dt, arr(dt, x2, s2))], dt, lambda c_, a, b: a if c_ else b, spec=spec)


for dt in DTYPES:
    a, b = WHERE_VALUES[dt]
    where_case(dt, "basic", COND, a, b, spec=["eval.num.nan"] if dt in FLOATS else None)
where_case("float32", "bcast3", [True, False, True], [1.0, 2.0, 3.0, 4.0], [-1.0], (3, 1), (1, 4),
           ())
where_case("int8", "bcast3", [True, False], [1, 2, 3], [-1, -2, -3, -4, -5, -6], (2, 1), (1, 3),
           (2, 3))
where_case("uint32", "bcast3_cond_scalar", [False], [1, 2, 3, 4, 5, 6], [7, 8, 9], (), (2, 3),
           (3,))
where_case("float64", "bcast3_rank3", [True, False], [1.5, 2.5], [-1.0, -2.0, -3.0], (2, 1, 1),
           (1, 2, 1), (3,))
where_case("bool", "bcast3", [True, False, True, False], [True], [False, False], (2, 2), (), (2,))
where_case("int64", "scalar", [True], [5], [6], (), (), ())
where_case("float16", "empty", [], [1.0], [], (0,), (1,), (0,))
where_case("int32", "empty2d", [True, False], [], [7], (2, 1), (2, 0), ())
emit("where.float32.bcast_mismatch", "R.where(c, x1, x2)",
     [("c", "bool", arr("bool", [True, False, True])),
      ("x1", "float32", arr("float32", [1.0, 2.0, 3.0])),
      ("x2", "float32", arr("float32", [4.0, 5.0]))], "float32", None,
     spec=["eval.op.constraint"], sig={"c": '("n",)', "x2": '("m",)'}, error="E3005")
emit("where.int32.bcast_mismatch_cond", "R.where(c, x1, x2)",
     [("c", "bool", arr("bool", [True, False])),
      ("x1", "int32", arr("int32", [1, 2, 3])),
      ("x2", "int32", arr("int32", [4, 5, 6]))], "int32", None,
     spec=["eval.op.constraint"], sig={"c": '("n",)'}, error="E3005")

# ---------------------------------------------------------------- clip


def clip_fn(dt, lo_dt, hi_dt):
    def fn(x, lo, hi):
        lo = astype_scalar(lo, lo_dt, dt)
        hi = astype_scalar(hi, hi_dt, dt)
        if dt in FLOATS:
            return fmin_ieee(fmax_ieee(x, lo), hi)
        if dt == "bool":
            return bool(min(max(int(x), int(lo)), int(hi)))
        return min(max(x, lo), hi)
    return fn


def clip_case(dt, what, x, lo, hi, lo_dt=None, hi_dt=None, shape=None, spec=None):
    lo_dt, hi_dt = lo_dt or dt, hi_dt or dt
    emit(f"clip.{dt}.{what}", "R.clip(x, lo, hi)",
         [("x", dt, arr(dt, x, shape)), ("lo", "prim", lo_dt, lo), ("hi", "prim", hi_dt, hi)],
         dt, clip_fn(dt, lo_dt, hi_dt), spec=spec)


for dt in DTYPES:
    if dt in FLOATS:
        clip_case(dt, "basic", [-3.0, -1.0, -0.5, 0.0, 0.25, 1.0, 2.5, 6.0, 7.5], -0.5, 2.5)
        clip_case(dt, "edge", [NAN, INF, -INF, -0.0, 0.0, MAXF[dt], -MAXF[dt], MINSUB[dt]], 0.0,
                  6.0, spec=["eval.num.nan"])
        clip_case(dt, "zero_bounds", [-0.0, 0.0, -1.0, 1.0], -0.0, 0.0, spec=["eval.num.nan"])
    elif dt == "bool":
        clip_case(dt, "basic", [True, False, True, False], False, True)
        clip_case(dt, "lo_true", [True, False, True, False], True, True)
    elif dt in SIGNED:
        clip_case(dt, "basic", [imin(dt), -5, -2, -1, 0, 3, 4, 5, imax(dt)], -2, 4)
    else:
        clip_case(dt, "basic", [0, 1, 2, 5, 7, 8, 100, imax(dt)], 2, 7)
clip_case("float32", "min_gt_max", [-1.0, 0.0, 5.0, 10.0], 6.0, 2.0)
clip_case("int16", "min_gt_max", [-1, 0, 5, 10], 6, 2)
clip_case("int32", "float_bounds", [-3, -1, 0, 1, 2, 3, 9], -0.5, 2.7, lo_dt="float32",
          hi_dt="float32", spec=["eval.num.astype"])
clip_case("float32", "int_bounds", [-3.5, -0.5, 0.0, 3.25, 6.0, 6.5, 100.0], 0, 6,
          lo_dt="int64", hi_dt="int64", spec=["eval.num.astype"])
clip_case("uint8", "float_bounds_saturate", [0, 1, 100, 200, 255], -10.0, 300.0, lo_dt="float64",
          hi_dt="float64", spec=["eval.num.astype"])
clip_case("int8", "int64_bounds_wrap", [-100, -30, 0, 50, 100], -300, 300, lo_dt="int64",
          hi_dt="int64", spec=["eval.num.astype"])
clip_case("float16", "float64_bounds_round", [-1e5 / 2, 1.0, 60000.0, 65504.0], -1e10, 1e10,
          lo_dt="float64", hi_dt="float64", spec=["eval.num.astype"])
clip_case("bfloat16", "float32_bounds_round", [0.0, 1.0, 1.5, 2.0], 1.001, 1.999,
          lo_dt="float32", hi_dt="float32", spec=["eval.num.astype"])
clip_case("int32", "nan_bound", [-3, 0, 5], NAN, 2.0, lo_dt="float32", hi_dt="float32",
          spec=["eval.num.astype"])
clip_case("float32", "nan_bound", [-3.0, 0.0, 5.0], NAN, 2.0, spec=["eval.num.nan"])
clip_case("float64", "inf_bounds", [-INF, -1.0, 1e300, INF], -INF, INF)
clip_case("float32", "scalar", [7.0], 0.0, 6.0, shape=())
clip_case("int64", "empty", [], 0, 6, shape=(0,))
clip_case("float32", "matrix", [-2.0, -1.0, 0.0, 1.0, 2.0, 3.0], -1.0, 1.5, shape=(2, 3))

# ---------------------------------------------------------------- astype

ASTYPE_VALUES = {
    "bool": [True, False],
    "int8": [0, 1, -1, 127, -128, 5, -100],
    "int16": [0, 1, -1, 32767, -32768, 300, -300, 255, 256, -129, 2049, 128],
    "int32": [0, 1, -1, 2 ** 31 - 1, -2 ** 31, 65519, 65520, -65520, 2049, 2051, 16777217, 300],
    "int64": [0, 1, -1, 2 ** 63 - 1, -2 ** 63, 2 ** 55 + 2 ** 31 + 1, 2 ** 53 + 1,
              -(2 ** 53 + 1), 2049, 65520, 16777217, 300],
    "uint8": [0, 1, 255, 128, 127, 200],
    "uint16": [0, 1, 65535, 32768, 300, 65520, 2049, 256],
    "uint32": [0, 1, 2 ** 32 - 1, 2 ** 31, 16777217, 70000, 65519, 2049],
    "uint64": [0, 1, 2 ** 64 - 1, 2 ** 63, 2 ** 55 + 2 ** 31 + 1, 2 ** 53 + 1, 2049, 65519,
               16777217, 300, 255, 256],
    "float16": [NAN, INF, -INF, -0.0, 2.0 ** -24, 65504.0, -65504.0, 1.5, -1.7, 300.5, -200.0,
                0.1],
    "bfloat16": [NAN, INF, -INF, -0.0, 2.0 ** -133, MAXF["bfloat16"], -MAXF["bfloat16"], 1.5,
                 -1.7, 300.0, -129.0, 65536.0],
    "float32": [NAN, INF, -INF, -0.0, 2.0 ** -149, MAXF["float32"], -1.7, 2.5, 3e9, -3e9,
                65520.0, 65519.0],
    "float64": [NAN, INF, -INF, -0.0, 5e-324, MAXF["float64"], -1.7, 2.5, 1e20, -3e9,
                1 + 2 ** -8 + 2 ** -30, 1 + 2 ** -11 + 2 ** -30],
}


def astype_case(src, dst, what, vals, shape=None):
    emit(f"astype.{src}.{what}", f'R.astype(x, "{dst}")', [("x", src, arr(src, vals, shape))],
         dst, lambda v: astype_scalar(v, src, dst), spec=["eval.num.astype"])


for src in DTYPES:
    for dst in DTYPES:
        astype_case(src, dst, f"to_{dst}", ASTYPE_VALUES[src])
# Saturation boundaries of float -> int.
astype_case("float64", "int32", "to_int32_bounds",
            [2147483647.0, 2147483647.9, 2147483648.0, -2147483648.0, -2147483648.9,
             -2147483649.0, 1e10, -0.9])
astype_case("float64", "int64", "to_int64_bounds",
            [2.0 ** 63 - 1024, 2.0 ** 63, -2.0 ** 63, -2.0 ** 63 - 2048, 1e300, -1e300])
astype_case("float64", "uint64", "to_uint64_bounds",
            [2.0 ** 64 - 2048, 2.0 ** 64, -0.9, -1.0, 2.0 ** 63, -1e300])
astype_case("float32", "int32", "to_int32_bounds",
            [2147483520.0, 2147483648.0, -2147483648.0, -2147483904.0])
astype_case("float32", "uint8", "to_uint8_bounds", [255.0, 255.9, 256.0, -0.5, -1.0, -1000.0])
astype_case("float16", "int8", "to_int8_bounds", [127.0, 127.9, 128.0, -128.0, -128.9, -129.0])
astype_case("float64", "float32", "to_float32_round",
            [1 + 2.0 ** -24, 1 + 3 * 2.0 ** -24, 3.4028235677973366e38, 3.402823669209385e38,
             1e-46, 7e-46, -1e-50])
astype_case("float64", "float16", "to_float16_round",
            [65519.99, 65520.0, 1 + 2.0 ** -11, 1 + 3 * 2.0 ** -11, 2.0 ** -25, 2.0 ** -25 * 1.01,
             3 * 2.0 ** -25, -1e-10])
astype_case("float32", "bfloat16", "to_bfloat16_round",
            [1 + 2.0 ** -8, 1 + 3 * 2.0 ** -8, 3.3961776e38, 3.4e38, 2.0 ** -134, 3 * 2.0 ** -134,
             -2.0 ** -135])
astype_case("float32", "int8", "scalar", [-7.9], ())
astype_case("int32", "float32", "empty", [], (0,))
astype_case("uint8", "bool", "empty2d", [], (2, 0))

W.write()
for name, why in SKIPPED:
    print(f"skipped {name}: {why}", file=sys.stderr)
if "--summary" in sys.argv:
    for op in sorted(OP_COUNT):
        print(f"{op}: {OP_COUNT[op]} cases; dtypes: {' '.join(d for d in DTYPES if d in OP_DTYPES[op])}")
