# rule: eval.trap.value eval.num.argmax
# arg: float32 (0,) []
# expect_error: E3012
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(("n",), "float32")):
        r = R.argmax(x)
        return r
