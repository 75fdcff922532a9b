# rule: eval.print eval.print.format eval.print.value
# arg: float32 (2, 2) [1.0, 2.5, 3.0, 4.0]
# arg: prim int64 7
# expect_print: x = [[1.0, 2.5], [3.0, 4.0]], p = 7, s = R.shape([2, 3])
# expect_print: [[1.0, 2.5], [3.0, 4.0]] 7
# expect: [[1.0, 2.5], [3.0, 4.0]]
from tvm.script import ir as I, relax as R, tir as T


# The example of spec section 4.14.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(x: R.Tensor((2, 2), "float32"), p: R.Prim("int64")):
        R.print(x, p, R.shape([2, 3]), format="x = {}, p = {}, s = {}")
        R.print(x, p)
        return x
