# rule: eval.trap.div-zero eval.num.int-power
# arg: int32 (2,) [2, 0]
# arg: int32 () [-1]
# expect_error: E3006
from tvm.script import ir as I, relax as R, tir as T


# 0 to a negative integer power is 1 / 0.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((2,), "int32"), e: R.Tensor((), "int32")):
        p = R.power(x, e)
        return p
