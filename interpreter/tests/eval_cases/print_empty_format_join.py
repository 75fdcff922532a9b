# rule: eval.print.format eval.print.value
# arg: int32 (2,) [1, -2]
# expect_print: [1, -2] True (3,) R.shape([])
# expect: ()
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function(pure=False)
    def main(x: R.Tensor((2,), "int32")):
        b = R.prim_value(True)
        t = (R.prim_value(3),)
        u = R.print(x, b, t, R.shape([]))
        return u
