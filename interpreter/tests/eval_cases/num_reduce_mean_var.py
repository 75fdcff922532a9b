# rule: eval.num.reduce eval.call.op
# arg: float32 (4,) [1.0, 2.0, 3.0, 4.0]
# expect: (2.5, 1.25, 1.118034, -3, 0, True, False, nan)
from tvm.script import ir as I, relax as R, tir as T


# mean, population variance and std in float64, rounded once; the integer mean is the exact mean
# rounded toward zero (-7 / 2 = -3.5 -> -3); the integer variance of [1, 2] is 0.25 converted
# as astype (truncation: 0); bool mean is "some element is True", bool prod "every element";
# max with a NaN in the set is NaN.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((4,), "float32")):
        m = R.mean(x)
        v = R.variance(x)
        s = R.std(x)
        im = R.mean(R.const([-7, 0], "int32"))
        iv = R.variance(R.const([1, 2], "int32"))
        bm = R.mean(R.const([False, True], "bool"))
        bp = R.prod(R.const([False, True], "bool"))
        mx = R.max(R.const([1.0, float("nan"), 3.0], "float32"))
        return (m, v, s, im, iv, bm, bp, mx)
