# rule: eval.prim-expr eval.num.nan
# arg: prim float32 nan
# arg: prim float32 -0.0
# expect: (nan, nan, 0.0, -0.0)
from tvm.script import ir as I, relax as R, tir as T


# Min and Max on floats are minimum and maximum of eval.num.nan: NaN wins; the zeros are
# ordered (max(-0.0, 0.0) = 0.0, min(0.0, -0.0) = -0.0).
@I.ir_module
class Module:
    @R.function
    def main(pa: R.Prim("float32"), pb: R.Prim("float32")):
        x = T.float32()
        z = T.float32()
        qa = R.match_cast(pa, R.Prim(value=x))
        qb = R.match_cast(pb, R.Prim(value=z))
        p1 = R.prim_value(T.max(x, T.float32(1.0)))
        p2 = R.prim_value(T.min(T.float32(1.0), x))
        p3 = R.prim_value(T.max(z, T.float32(0.0)))
        p4 = R.prim_value(T.min(T.float32(0.0), z))
        return (p1, p2, p3, p4)
