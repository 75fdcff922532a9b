# rule: eval.num.clip eval.call.op
# arg: float32 (4,) [-2.0, 0.5, 3.0, nan]
# expect: ([0.0, 0.5, 1.0, nan], [2.0, 2.0, 2.0, nan], [0, 10, 5])
from tvm.script import ir as I, relax as R, tir as T


# clip = minimum(maximum(x, lo), hi): NaN elements stay NaN; with lo > hi every element is hi;
# the bounds are converted to x's dtype as astype converts (int32: 10.9 -> 10, -0.5 -> 0).
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((4,), "float32")):
        a = R.clip(x, 0.0, 1.0)
        b = R.clip(x, 5.0, 2.0)
        c = R.clip(R.const([-3, 12, 5], "int32"), -0.5, 10.9)
        return (a, b, c)
