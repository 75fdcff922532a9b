# rule: eval.print.float eval.print.value
# arg: float64 (5,) [123.25, 1.5e+20, 0.30000000000000004, 2.5e-08, -1234567.0]
# expect_print: [123.25, 1.5e+20, 0.30000000000000004, 2.5e-08, -1234567.0]
# expect: ()
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function(pure=False)
    def main(x: R.Tensor((5,), "float64")):
        u = R.print(x)
        return u
