# rule: eval.if eval.if.cond eval.prim-value
# arg: float32 (3,) [1.0, 2.0, 3.0]
# expect: [1.0, 2.0, 3.0]
from tvm.script import ir as I, relax as R, tir as T


# A shape expression condition becomes R.prim_value(n % 2 == 0), a bool primitive value:
# n = 3 is odd, so the false branch returns x.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(("n",), "float32")) -> R.Tensor(("n",), "float32"):
        n = T.int64()
        if n % 2 == 0:
            y = R.add(x, x)
        else:
            y = x
        return y
