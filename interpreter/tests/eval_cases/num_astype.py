# rule: eval.num.astype eval.call.op eval.print.float
# arg: float32 (6,) [nan, inf, -inf, 3.9, -3.9, 10000000000.0]
# expect: ([0, 2147483647, -2147483648, 3, -3, 2147483647], [0, 255, 0], [44, -1], [inf], [65500.0, inf], [True, False, True], [1.0, 0.0], [1.01])
from tvm.script import ir as I, relax as R, tir as T


# float -> int truncates toward zero, NaN gives 0, out-of-range saturates (uint8: a negative
# truncation gives 0, 300.7 gives 255); int -> int wraps (300 -> 44, -1 -> -1); int32 70000 ->
# float16 is inf; float32 65519 -> float16 65504 (printed "65500.0"), 65520 -> inf; number ->
# bool is x != 0 (NaN True, -0.0 False); bool -> float is 1.0 / 0.0; float64 -> bfloat16 is
# rounded once: 1 + 2^-8 + 2^-30 is just above the midpoint of 1.0 and 1.0078125, so it gives
# 1.0078125 (printed "1.01"), where rounding through float32 would give 1.0.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((6,), "float32")):
        a = R.astype(x, "int32")
        b = R.astype(R.const([-1.5, 300.7, -0.9], "float32"), "uint8")
        c = R.astype(R.const([300, -1], "int32"), "int8")
        d = R.astype(R.const([70000], "int32"), "float16")
        e = R.astype(R.const([65519.0, 65520.0], "float32"), "float16")
        f = R.astype(R.const([float("nan"), -0.0, 0.5], "float32"), "bool")
        g = R.astype(R.const([True, False], "bool"), "float32")
        h = R.astype(R.const([1.0039062509313226], "float64"), "bfloat16")
        return (a, b, c, d, e, f, g, h)
