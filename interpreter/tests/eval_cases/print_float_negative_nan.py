# rule: eval.print.float eval.num.nan
# arg: float32 (1,) [nan]
# expect_print: [nan]
# expect: ()
from tvm.script import ir as I, relax as R, tir as T


# R.negative flips the sign bit of a NaN (eval.num.nan); a NaN of either sign prints "nan".
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(x: R.Tensor((1,), "float32")):
        y = R.negative(x)
        u = R.print(y)
        return u
