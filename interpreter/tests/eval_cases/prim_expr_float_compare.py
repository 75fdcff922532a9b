# rule: eval.prim-expr eval.num.nan
# arg: prim float64 nan
# arg: prim float64 -0.0
# expect: (False, True, False, True, False)
from tvm.script import ir as I, relax as R, tir as T


# Float comparisons: with a NaN operand false, except NE which is true; 0.0 equals -0.0.
@I.ir_module
class Module:
    @R.function
    def main(pa: R.Prim("float64"), pb: R.Prim("float64")):
        x = T.float64()
        z = T.float64()
        qa = R.match_cast(pa, R.Prim(value=x))
        qb = R.match_cast(pb, R.Prim(value=z))
        p1 = R.prim_value(x == x)
        p2 = R.prim_value(x != x)
        p3 = R.prim_value(x < T.float64(1.0))
        p4 = R.prim_value(z == T.float64(0.0))
        p5 = R.prim_value(z < T.float64(0.0))
        return (p1, p2, p3, p4, p5)
