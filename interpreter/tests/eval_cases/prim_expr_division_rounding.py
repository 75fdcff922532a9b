# rule: eval.prim-expr eval.prim-value
# arg: prim int64 -7
# arg: prim int64 2
# expect: (-4, 1, -3, -1, -4, -1)
from tvm.script import ir as I, relax as R, tir as T


# floordiv(-7, 2) = -4, floormod(-7, 2) = 1, truncdiv(-7, 2) = -3, truncmod(-7, 2) = -1;
# floordiv(7, -2) = -4, floormod(7, -2) = -1.
@I.ir_module
class Module:
    @R.function
    def main(pa: R.Prim(value="a"), pb: R.Prim(value="b")):
        a = T.int64()
        b = T.int64()
        p1 = R.prim_value(a // b)
        p2 = R.prim_value(a % b)
        p3 = R.prim_value(T.truncdiv(a, b))
        p4 = R.prim_value(T.truncmod(a, b))
        p5 = R.prim_value((0 - a) // (0 - b))
        p6 = R.prim_value((0 - a) % (0 - b))
        return (p1, p2, p3, p4, p5, p6)
