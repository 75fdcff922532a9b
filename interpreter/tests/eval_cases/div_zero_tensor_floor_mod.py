# rule: eval.trap.div-zero eval.num.int-div-zero
# arg: int8 (2,) [5, 6]
# arg: int8 (2,) [0, 3]
# expect_error: E3006
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main(a: R.Tensor((2,), "int8"), b: R.Tensor((2,), "int8")):
        c = R.floor_mod(a, b)
        return c
