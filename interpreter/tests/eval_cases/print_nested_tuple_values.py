# rule: eval.print.value eval.print.format
# arg: int64 (2, 2) [1, -2, 3, -4]
# expect_print: t = (([[1, -2], [3, -4]], R.shape([2, 2])), (False,), ())
# expect: ()
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function(pure=False)
    def main(x: R.Tensor((2, 2), "int64")):
        s = R.shape_of(x)
        t = ((x, s), (R.prim_value(False),), R.tuple())
        u = R.print(t, format="t = {}")
        return u
