# rule: eval.function eval.value.closure eval.shape-expr
# arg: float32 (2, 5) [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
# expect: R.shape([10, 7])
from tvm.script import ir as I, relax as R, tir as T


# The closure captures the shape variables n = 2 and m = 5 and uses them in a ShapeExpr.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(("n", "m"), "float32")):
        n = T.int64()
        m = T.int64()

        @R.function
        def dims(k: R.Prim("int64")) -> R.Shape(ndim=2):
            s = R.shape([n * m, m + n])
            return s

        r = dims(R.prim_value(0))
        return r
