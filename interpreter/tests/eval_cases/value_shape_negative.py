# rule: eval.value.shape eval.shape-expr eval.prim-expr
# arg: float32 (2, 3) [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
# expect: R.shape([-1, 5])
from tvm.script import ir as I, relax as R, tir as T


# A shape value may hold negative elements (eval.value.shape): n - m = 2 - 3 = -1.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(("n", "m"), "float32")):
        n = T.int64()
        m = T.int64()
        s = R.shape([n - m, n + m])
        return s
