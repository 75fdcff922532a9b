# rule: eval.trap.div-zero eval.num.int-div-zero
# arg: int64 (2,) [1, 2]
# arg: int64 () [0]
# expect_error: E3006
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main(a: R.Tensor((2,), "int64"), b: R.Tensor((), "int64")):
        c = R.divide(a, b)
        return c
