# rule: eval.order eval.shape-expr eval.limit.tensor eval.prim-expr
# arg: prim int64 4
# arg: prim int64 0
# expect_error: E0906
from tvm.script import ir as I, relax as R, tir as T


# A ShapeExpr value that overflows int64 is an exhaustion E0906 (eval.prim-expr), and it is
# met before the division by zero in the second value.
@I.ir_module
class Module:
    @R.function
    def main(pn: R.Prim(value="n"), pz: R.Prim(value="z")):
        n = T.int64()
        z = T.int64()
        s = R.shape([n * 4611686018427387904, n // z])
        return s
