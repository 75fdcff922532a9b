# rule: eval.prim-expr
# arg: prim int64 -9223372036854775808
# arg: prim int64 -1
# expect: (0, 0)
from tvm.script import ir as I, relax as R, tir as T


# The remainder of the smallest int64 by -1 is 0 (floor and truncating).
@I.ir_module
class Module:
    @R.function
    def main(pa: R.Prim(value="a"), pb: R.Prim(value="b")):
        a = T.int64()
        b = T.int64()
        p = R.prim_value(a % b)
        q = R.prim_value(T.truncmod(a, b))
        return (p, q)
