"""Reference semantics for gen_tensor_ops.py, written out element by element in Python (NumPy only
for array bookkeeping), following spec chapter 5 and the numerics contract
(notes/interp-decisions.md, eval.num.*): float reductions accumulate in float64 in increasing
row-major index order and round once; integer arithmetic wraps.

Values are handled as object arrays of Python values: float (a float64 value), int (exact) or
bool. `typed` turns such an array back into a typed array for the case writer (floats stay
float64 there and the writer rounds them once to the case dtype)."""
import math

import numpy as np

from casefmt import FLOATS, INTS, SIGNED, cast

BITS = {"int8": 8, "int16": 16, "int32": 32, "int64": 64,
        "uint8": 8, "uint16": 16, "uint32": 32, "uint64": 64}
NAN = float("nan")
INF = float("inf")


class Trap(Exception):
    """The reference evaluation ends in the runtime error `code`."""

    def __init__(self, code):
        super().__init__(code)
        self.code = code


def irange(dt):
    b = BITS[dt]
    if dt in SIGNED:
        return -(1 << (b - 1)), (1 << (b - 1)) - 1
    return 0, (1 << b) - 1


def wrap(v, dt):
    """Two's complement wrap of the exact integer v to dtype dt."""
    b = BITS[dt]
    v &= (1 << b) - 1
    if dt in SIGNED and v >= 1 << (b - 1):
        v -= 1 << b
    return v


def f2i(v, dt):
    """float -> integer as astype: truncate toward zero, NaN -> 0, saturate."""
    lo, hi = irange(dt)
    if math.isnan(v):
        return 0
    if math.isinf(v):
        return hi if v > 0 else lo
    t = math.trunc(v)
    return min(max(t, lo), hi)


def round_to(v, dt):
    """A float64 value rounded once to float dtype dt, returned as a float64 value."""
    return float(cast(np.array([v], dtype=np.float64), dt)[0])


def convert(v, src, dst):
    """R.astype of one Python value from dtype src to dtype dst (eval.num.astype)."""
    if dst == "bool":
        if src in FLOATS:
            return bool(v != 0.0 or math.isnan(v))
        return bool(v)
    if src == "bool":
        v = int(v)
        src = "int64"
    if dst in INTS:
        if src in FLOATS:
            return f2i(v, dst)
        return wrap(int(v), dst)
    # dst is a float dtype
    return round_to(float(v), dst)


def pyvals(a, dt):
    """A typed array -> object array of Python values."""
    a = np.asarray(a)
    if dt == "bool":
        conv = bool
    elif dt in INTS:
        conv = int
    else:
        conv = float
    flat = [conv(v) for v in a.reshape(-1)]
    out = np.empty(len(flat), dtype=object)
    for i, v in enumerate(flat):
        out[i] = v
    return out.reshape(a.shape)


def typed(obj, dt):
    """Object array of Python values -> array for the case writer (ints wrapped)."""
    obj = np.asarray(obj, dtype=object)
    flat = list(obj.reshape(-1))
    if dt == "bool":
        arr = np.array([bool(v) for v in flat], dtype=bool)
    elif dt in INTS:
        arr = np.array([wrap(int(v), dt) for v in flat], dtype=np.dtype(dt))
    else:
        arr = np.array([float(v) for v in flat], dtype=np.float64)
    return arr.reshape(obj.shape)


def objarray(flat, shape):
    out = np.empty(len(flat), dtype=object)
    for i, v in enumerate(flat):
        out[i] = v
    return out.reshape(shape)


# ---------------------------------------------------------------- reductions

def norm_axes(axis, r):
    if axis is None:
        return list(range(r))
    return sorted(a + r if a < 0 else a for a in axis)


def reduce_apply(x, axis, keepdims, fn):
    """Applies fn(list of the reduced set in row-major order) to every result element."""
    r = x.ndim
    axes = norm_axes(axis, r)
    kept = [i for i in range(r) if i not in axes]
    kshape = tuple(x.shape[i] for i in kept)
    n = 1
    for a in axes:
        n *= x.shape[a]
    xt = np.transpose(x, kept + axes).reshape(kshape + (n,))
    out = np.empty(kshape, dtype=object)
    for idx in np.ndindex(*kshape):
        out[idx] = fn(list(xt[idx]))
    if keepdims:
        out = out.reshape(tuple(1 if i in axes else x.shape[i] for i in range(r)))
    return out


def seqsum(vals):
    s = 0.0
    for v in vals:
        s += v
    return s


def var64(vals):
    """Population variance wholly in float64: float64 mean, deviations, squares summed in
    order, divided by N."""
    n = len(vals)
    if n == 0:
        return NAN
    fv = [float(v) for v in vals]
    m = seqsum(fv) / n
    acc = 0.0
    for v in fv:
        d = v - m
        acc += d * d
    return acc / n


def trunc_div(s, n):
    q = abs(s) // n
    return q if s >= 0 else -q


def red_fn(op, dt):
    """The reduction `op` over a list of Python values of dtype dt."""
    isf = dt in FLOATS
    isb = dt == "bool"

    def f(vals):
        n = len(vals)
        if op == "sum":
            if isb:
                return any(vals)
            if isf:
                return seqsum(vals)
            return wrap(sum(vals), dt)
        if op == "prod":
            if isb:
                return all(vals)
            if isf:
                p = 1.0
                for v in vals:
                    p *= v
                return p
            p = 1
            for v in vals:
                p = wrap(p * v, "int64" if dt in SIGNED else "uint64")
            return wrap(p, dt)
        if op == "mean":
            if isf:
                return NAN if n == 0 else seqsum(vals) / n
            if n == 0:
                raise Trap("E3006")
            if isb:
                return any(vals)
            return trunc_div(sum(vals), n)
        if op in ("max", "min"):
            if n == 0:
                raise Trap("E3012")
            if isf and any(math.isnan(v) for v in vals):
                return NAN
            return max(vals) if op == "max" else min(vals)
        if op in ("variance", "std"):
            if isb:
                if n == 0:
                    raise Trap("E3006")
                return (True in vals) and (False in vals)
            v = var64(vals)
            if op == "std":
                v = math.sqrt(v) if not math.isnan(v) else NAN
            if isf:
                return v
            return f2i(v, dt)
        if op in ("argmax", "argmin"):
            if n == 0:
                raise Trap("E3012")
            if isf:
                for i, v in enumerate(vals):
                    if math.isnan(v):
                        return i
            best = 0
            for i in range(1, n):
                if (vals[i] > vals[best]) if op == "argmax" else (vals[i] < vals[best]):
                    best = i
            return best
        raise ValueError(op)

    return f


def reduce_ref(x, dt, op, axis=None, keepdims=False):
    """x: object array. Returns (result dtype, object array)."""
    if op in ("argmax", "argmin"):
        ax = None if axis is None else [axis]
        return "int64", reduce_apply(x, ax, keepdims, red_fn(op, dt))
    return dt, reduce_apply(x, axis, keepdims, red_fn(op, dt))


# ---------------------------------------------------------------- scans

def scan_ref(x, dt, op, axis=None, out_dt=None, exclusive=False):
    t = out_dt or dt
    y = objarray([convert(v, dt, t) for v in x.reshape(-1)], x.shape)
    if axis is None:
        y = y.reshape(-1)
        axis = 0
    if axis < 0:
        axis += y.ndim
    yt = np.moveaxis(y, axis, -1)
    out = np.empty(yt.shape, dtype=object)
    for idx in np.ndindex(*yt.shape[:-1]):
        if t == "bool":
            acc = False if op == "cumsum" else True
        elif t in FLOATS:
            acc = 0.0 if op == "cumsum" else 1.0
        else:
            acc = 0 if op == "cumsum" else 1
        for j in range(yt.shape[-1]):
            v = yt[idx + (j,)]
            nxt = acc
            if t == "bool":
                nxt = (acc or v) if op == "cumsum" else (acc and v)
            elif op == "cumsum":
                nxt = acc + v
            else:
                nxt = acc * v
            if t in INTS:
                nxt = wrap(nxt, t)
            out[idx + (j,)] = acc if exclusive else nxt
            acc = nxt
    return t, np.moveaxis(out, -1, axis)


# ---------------------------------------------------------------- matmul

def matmul_ref(a, b, dt, out_dt=None):
    t = out_dt or dt
    a = objarray([convert(v, dt, t) for v in a.reshape(-1)], a.shape)
    b = objarray([convert(v, dt, t) for v in b.reshape(-1)], b.shape)
    a1, b1 = a.ndim == 1, b.ndim == 1
    a2 = a.reshape((1,) + a.shape) if a1 else a
    b2 = b.reshape(b.shape + (1,)) if b1 else b
    k = a2.shape[-1]
    assert b2.shape[-2] == k
    batch = np.broadcast_shapes(a2.shape[:-2], b2.shape[:-2])
    ab = np.broadcast_to(a2, batch + a2.shape[-2:])
    bb = np.broadcast_to(b2, batch + b2.shape[-2:])
    n, m = a2.shape[-2], b2.shape[-1]
    out = np.empty(batch + (n, m), dtype=object)
    for idx in np.ndindex(*batch, n, m):
        bi, i, j = idx[:-2], idx[-2], idx[-1]
        xs = [ab[bi + (i, p)] for p in range(k)]
        ys = [bb[bi + (p, j)] for p in range(k)]
        if t == "bool":
            v = any(x and y for x, y in zip(xs, ys))
        elif t in FLOATS:
            v = 0.0
            for x, y in zip(xs, ys):
                v += x * y
        else:
            v = wrap(sum(x * y for x, y in zip(xs, ys)), t)
        out[idx] = v
    shape = out.shape
    if a1:
        shape = shape[:-2] + shape[-1:]
    if b1:
        shape = shape[:-1]
    return t, out.reshape(shape)


# ---------------------------------------------------------------- indexing

def take_ref(x, idx, axis, mode):
    """x, idx: object arrays. Returns an object array; NaN for mode "nan" out of range."""
    if axis is None:
        x = x.reshape(-1)
        axis = 0
    if axis < 0:
        axis += x.ndim
    n = x.shape[axis]
    pre, post = x.shape[:axis], x.shape[axis + 1:]
    out = np.empty(pre + idx.shape + post, dtype=object)
    for o in np.ndindex(*out.shape):
        p = o[:axis]
        j = o[axis:axis + idx.ndim]
        q = o[axis + idx.ndim:]
        v = int(idx[j])
        if not 0 <= v < n:
            if mode == "fast" or n == 0:
                raise Trap("E3007")
            if mode == "wrap":
                v %= n
            elif mode == "clip":
                v = min(max(v, 0), n - 1)
            elif mode == "nan":
                out[o] = NAN
                continue
        out[o] = x[p + (v,) + q]
    return out
