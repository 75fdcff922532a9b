# rule: eval.trap.div-zero eval.num.int-div-zero
# arg: int32 (3,) [6, 7, 8]
# arg: int32 (3,) [2, 0, 1]
# expect_error: E3006
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main(a: R.Tensor((3,), "int32"), b: R.Tensor((3,), "int32")):
        c = R.floor_divide(a, b)
        return c
