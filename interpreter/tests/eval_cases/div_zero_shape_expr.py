# rule: eval.trap.div-zero eval.shape-expr eval.prim-expr
# arg: float32 (4, 0) []
# expect_error: E3006
from tvm.script import ir as I, relax as R, tir as T


# Shape arithmetic n // m with m = 0 (bound from x's extent).
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(("n", "m"), "float32")):
        n = T.int64()
        m = T.int64()
        s = R.shape([n // m])
        return s
