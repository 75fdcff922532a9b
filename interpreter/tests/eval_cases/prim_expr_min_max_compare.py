# rule: eval.prim-expr eval.prim-value
# arg: prim int64 3
# arg: prim int64 5
# expect: (3, 5, True, False, True, True, True, True)
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main(pa: R.Prim(value="a"), pb: R.Prim(value="b")):
        a = T.int64()
        b = T.int64()
        p1 = R.prim_value(T.min(a, b))
        p2 = R.prim_value(T.max(a, b))
        p3 = R.prim_value(a < b)
        p4 = R.prim_value(a == b)
        p5 = R.prim_value(a != b)
        p6 = R.prim_value(T.And(a <= b, b >= a))
        p7 = R.prim_value(T.Not(T.Or(a > b, a == b)))
        p8 = R.prim_value(T.Select(a < b, a < b, a > b))
        return (p1, p2, p3, p4, p5, p6, p7, p8)
