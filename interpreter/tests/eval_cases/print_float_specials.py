# rule: eval.print.float eval.print.value
# arg: float32 (5,) [nan, inf, -inf, -0.0, 0.0]
# expect_print: [nan, inf, -inf, -0.0, 0.0]
# expect: ()
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function(pure=False)
    def main(x: R.Tensor((5,), "float32")):
        u = R.print(x)
        return u
