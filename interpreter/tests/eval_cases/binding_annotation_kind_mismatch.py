# rule: eval.binding.annotation
# arg: float32 (2,) [1.0, 2.0]
# expect_error: E3004
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main(x: R.Object):
        y: R.Shape = x
        return y
