# rule: eval.trap.assert eval.prim-value
# arg: float32 (3,) [1.0, 2.0, 3.0]
# expect_print: checking
# expect_error: E3008
from tvm.script import ir as I, relax as R, tir as T


# The condition n > 5 (n = 3) as a bool primitive value.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(x: R.Tensor(("n",), "float32")):
        n = T.int64()
        R.print(format="checking")
        R.assert_op(n > 5, x, format="x must have more than 5 elements: {}")
        R.print(format="unreachable")
        return x
