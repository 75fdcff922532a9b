# rule: eval.print.float
# arg: float32 (5,) [0.1, 0.3333333432674408, 16777216.0, 1e-07, 3.4028234663852886e+38]
# expect_print: [0.1, 0.33333334, 16777216.0, 1e-07, 3.4028235e+38]
# expect: ()
from tvm.script import ir as I, relax as R, tir as T


# The digits are chosen in float32, not float64: float32(0.1) prints "0.1".
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(x: R.Tensor((5,), "float32")):
        u = R.print(x)
        return u
