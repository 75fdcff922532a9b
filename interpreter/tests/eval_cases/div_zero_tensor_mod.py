# rule: eval.trap.div-zero eval.num.int-div-zero
# arg: uint8 (2,) [5, 6]
# arg: uint8 (2,) [3, 0]
# expect_error: E3006
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main(a: R.Tensor((2,), "uint8"), b: R.Tensor((2,), "uint8")):
        c = R.mod(a, b)
        return c
