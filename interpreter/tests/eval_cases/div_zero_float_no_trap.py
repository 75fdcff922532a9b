# rule: eval.trap.div-zero eval.num.float-rounding eval.num.nan
# arg: float32 (3,) [1.0, -1.0, 0.0]
# arg: float32 () [0.0]
# expect: [inf, -inf, nan]
from tvm.script import ir as I, relax as R, tir as T


# A float division by zero does not trap (IEEE: an infinity or NaN).
@I.ir_module
class Module:
    @R.function
    def main(a: R.Tensor((3,), "float32"), b: R.Tensor((), "float32")):
        c = R.divide(a, b)
        return c
