"""Writer of the op-case format (see README.md). NumPy only; bfloat16 is emulated."""
import math
import os
import re
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))

DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float16", "bfloat16", "float32", "float64"]
FLOATS = ["float16", "bfloat16", "float32", "float64"]
SIGNED = ["int8", "int16", "int32", "int64"]
UNSIGNED = ["uint8", "uint16", "uint32", "uint64"]
INTS = SIGNED + UNSIGNED


def to_bfloat16(a):
    """Rounds float values (any float dtype) to bfloat16, round-to-nearest-even, returned as
    float32 values that are exactly representable in bfloat16."""
    f = np.asarray(a, dtype=np.float64).astype(np.float32)  # bf16 fits f32: one rounding
    # Rounding f64 -> f32 -> bf16 can double-round; redo from f64 exactly when needed.
    out = np.empty(f.shape, dtype=np.float32)
    flat_src = np.asarray(a, dtype=np.float64).reshape(-1)
    flat_out = out.reshape(-1)
    for i, v in enumerate(flat_src):
        flat_out[i] = _bf16_from_f64(float(v))
    return out


def _bf16_from_f64(v):
    if math.isnan(v):
        return np.float32("nan")
    if math.isinf(v) or v == 0.0:
        return np.float32(v)
    # bfloat16: 8 significant bits, exponent range as float32.
    m, e = math.frexp(abs(v))  # v = m * 2**e, 0.5 <= m < 1
    if e > 128:
        return np.float32(math.copysign(math.inf, v))
    # Subnormal bfloat16 below 2**-126: spacing 2**-133.
    q = max(e - 8, -133)
    scaled = abs(v) / 2.0 ** q  # exact in float64 (power of two)
    r = round(scaled)          # Python round: half to even
    res = r * 2.0 ** q
    if res >= 2.0 ** 128:
        res = math.inf
    return np.float32(math.copysign(res, v))


def cast(values, dtype):
    """Converts values to the numpy array of `dtype` (bfloat16 as float32 holding bf16)."""
    if dtype == "bfloat16":
        return to_bfloat16(values)
    return np.asarray(values, dtype=np.dtype(dtype))


def format_value(v, dtype):
    if dtype == "bool":
        return "true" if bool(v) else "false"
    if dtype in FLOATS:
        f = float(v)
        if math.isnan(f):
            return "nan"
        if math.isinf(f):
            return "inf" if f > 0 else "-inf"
        return repr(f)
    return str(int(v))


def format_tensor(arr, dtype):
    arr = np.asarray(arr)
    shape = "(" + ", ".join(str(d) for d in arr.shape) + ("," if arr.ndim == 1 else "") + ")"
    vals = ", ".join(format_value(x, dtype) for x in arr.reshape(-1))
    return f"{dtype} {shape} [{vals}]"


def op_families():
    """{op name: family} from ir/ops.def, the one family vocabulary (OpFamily)."""
    families = {}
    with open(os.path.join(HERE, "..", "..", "..", "ir", "ops.def")) as f:
        for line in f:
            m = re.match(r'RLX_OP\(\w+, "([\w.]+)", (\w+),', line)
            if m:
                families[m.group(1)] = m.group(2)
    return families


def case_op(name, families):
    """The op a case is named after: the longest leading run of its dot-separated segments
    that names an op ("nn.softmax.float32.axis0" -> "nn.softmax")."""
    parts = name.split(".")
    for k in range(len(parts), 0, -1):
        if ".".join(parts[:k]) in families:
            return ".".join(parts[:k])
    raise KeyError(f"case {name} is not named after an op")


class CaseWriter:
    """Collects cases and writes them, one file per op family (`<family>.cases`, the family
    of the op the case is named after); names must be unique."""

    def __init__(self, header):
        self.header = header
        self.blocks = {}  # family -> case lines
        self.names = set()
        self.families = op_families()

    def case(self, name, call, inputs, expect=None, error=None, compare="exact", spec=None,
             sig=None):
        """inputs: list of (name, dtype, array) tensors, (name, 'prim', dtype, value) prims or
        (name, 'shape', tuple) shapes. sig: {input name: annotation shape text such as
        '("n", 3)'} for symbolic parameter annotations. expect: (dtype, array) or a list of them (a tuple
        result). error: an error code instead of expect."""
        assert name not in self.names, name
        self.names.add(name)
        out = ["", f"case {name}"]
        if spec:
            out.append("spec " + " ".join(spec))
        out.append(f"call {call}")
        for inp in inputs:
            if len(inp) == 4 and inp[1] == "prim":
                out.append(f"input {inp[0]} prim {inp[2]} {format_value(inp[3], inp[2])}")
            elif len(inp) == 3 and inp[1] == "shape":
                dims = ", ".join(str(d) for d in inp[2]) + ("," if len(inp[2]) == 1 else "")
                out.append(f"input {inp[0]} shape ({dims})")
            else:
                n, dt, arr = inp
                out.append(f"input {n} {format_tensor(cast(arr, dt), dt)}")
        for n, shape_text in (sig or {}).items():
            out.append(f"sig {n} {shape_text}")
        if error is not None:
            out.append(f"expect_error {error}")
        else:
            items = expect if isinstance(expect, list) else [expect]
            for dt, arr in items:
                out.append(f"expect {format_tensor(cast(arr, dt), dt)}")
            out.append(f"compare {compare}")
        out.append("end")
        family = self.families[case_op(name, self.families)]
        self.blocks.setdefault(family, []).append(out)

    def write(self):
        """Writes `<family>.cases` beside this script for every family the cases cover."""
        for family, cases in sorted(self.blocks.items()):
            path = os.path.join(HERE, family + ".cases")
            lines = [f"# {line}" for line in self.header.splitlines()]
            lines.append(f"# This file: the {family} ops (ir/ops.def family `{family}`).")
            for case in cases:
                lines.extend(case)
            with open(path, "w") as f:
                f.write("\n".join(lines) + "\n")
            print(f"{path}: {len(cases)} cases")
