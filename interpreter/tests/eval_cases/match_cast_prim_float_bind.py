# rule: eval.match-cast.prim eval.prim-expr eval.num.float-rounding
# arg: prim float32 1.5
# expect: 3.75
from tvm.script import ir as I, relax as R, tir as T


# A float32 variable bound by a match and used in float PrimExpr arithmetic:
# 1.5 * 2.5 = 3.75 exactly.
@I.ir_module
class Module:
    @R.function
    def main(p: R.Prim("float32")):
        f = T.float32()
        q = R.match_cast(p, R.Prim(value=f))
        r = R.prim_value(f * T.float32(2.5))
        return r
