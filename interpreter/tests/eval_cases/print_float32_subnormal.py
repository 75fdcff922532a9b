# rule: eval.print.float
# arg: float32 (1,) [1.401298464324817e-45]
# expect_print: [1e-45]
# expect: ()
from tvm.script import ir as I, relax as R, tir as T


# The smallest float32 subnormal: "1e-45" reads back (rounded to float32) to it.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(x: R.Tensor((1,), "float32")):
        u = R.print(x)
        return u
