# rule: eval.num.float-rounding eval.call.op eval.print.float
# arg: float32 (2,) [0.1, 3e+38]
# arg: float32 (2,) [0.2, 2.0]
# expect: ([0.3, 3e+38], [0.020000001, inf], [0.2998], [5.877472e-39], [1.4142135], 1.4142135623730951, [0.33333334])
from tvm.script import ir as I, relax as R, tir as T


# Correct rounding in the result dtype: float32 0.1 + 0.2 is float32(0.3); 3e38 * 2 overflows to
# inf. float16 computes in float32 and rounds once: 0.0999755859375 + 0.199951171875 =
# 0.2999267578125 is a tie between 0.2998046875 and 0.300048828125, and ties go to even
# (0.2998046875, printed "0.2998"). Subnormal results are kept: the smallest normal float32
# times 0.5. sqrt and divide are correctly rounded (float32 and float64).
@I.ir_module
class Module:
    @R.function
    def main(a: R.Tensor((2,), "float32"), b: R.Tensor((2,), "float32")):
        s = R.add(a, b)
        p = R.multiply(a, b)
        h = R.add(R.const([0.1], "float16"), R.const([0.2], "float16"))
        sub = R.multiply(R.const([1.1754943508222875e-38], "float32"), R.const([0.5], "float32"))
        r = R.sqrt(R.const([2.0], "float32"))
        r64 = R.sqrt(R.const(2.0, "float64"))
        d = R.divide(R.const([1.0], "float32"), R.const([3.0], "float32"))
        return (s, p, h, sub, r, r64, d)
