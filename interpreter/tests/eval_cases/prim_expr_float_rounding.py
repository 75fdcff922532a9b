# rule: eval.prim-expr eval.num.float-rounding eval.print.float
# arg: prim float32 0.1
# arg: prim float64 0.1
# expect: (0.3, 0.30000000000000004, 0.010000001, 0.010000000000000002)
from tvm.script import ir as I, relax as R, tir as T


# Float PrimExpr arithmetic is correctly rounded in its dtype: in float32, 0.1 + 0.2 is
# float32(0.3), and 0.1 * 0.1 is 0.010000001 (float32(0.1)^2 = 0.0100000003 rounds to the
# float32 0.010000000707805156); in float64, 0.1 + 0.2 = 0.30000000000000004 and
# 0.1 * 0.1 = 0.010000000000000002.
@I.ir_module
class Module:
    @R.function
    def main(pa: R.Prim("float32"), pb: R.Prim("float64")):
        f = T.float32()
        d = T.float64()
        qa = R.match_cast(pa, R.Prim(value=f))
        qb = R.match_cast(pb, R.Prim(value=d))
        p1 = R.prim_value(f + T.float32(0.2))
        p2 = R.prim_value(d + T.float64(0.2))
        p3 = R.prim_value(f * f)
        p4 = R.prim_value(d * d)
        return (p1, p2, p3, p4)
