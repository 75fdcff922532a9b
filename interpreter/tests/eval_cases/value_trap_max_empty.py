# rule: eval.trap.value eval.num.reduce
# arg: int32 (2, 0) []
# expect_error: E3012
from tvm.script import ir as I, relax as R, tir as T


# The max over an empty reduced set (axis 1 has extent 0; the result has 2 elements).
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(("n", "m"), "int32")):
        r = R.max(x, axis=1)
        return r
