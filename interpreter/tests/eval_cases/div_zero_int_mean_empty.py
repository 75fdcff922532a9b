# rule: eval.trap.div-zero eval.num.reduce
# arg: int32 (0,) []
# expect_error: E3006
from tvm.script import ir as I, relax as R, tir as T


# The integer mean of no element is a division by zero.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((0,), "int32")):
        m = R.mean(x)
        return m
