# rule: eval.print.float eval.print.value
# arg: float64 (6,) [0.1, 0.001, 0.0001, 0.00015, 1e-05, 1e-07]
# expect_print: [0.1, 0.001, 1e-04, 0.00015, 1e-05, 1e-07]
# expect: ()
from tvm.script import ir as I, relax as R, tir as T


# 0.0001 is "0.0001" (6) vs "1e-04" (5): exponent notation (as std::to_chars); 0.00015 is
# "0.00015" (7) vs "1.5e-04" (7): a tie, fixed notation.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(x: R.Tensor((6,), "float64")):
        u = R.print(x)
        return u
