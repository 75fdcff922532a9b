# rule: eval.match-cast eval.match-cast.prim eval.prim-value
# arg: prim int64 6
# expect: (6, 13)
from tvm.script import ir as I, relax as R, tir as T


# Prim(value=k) with k not in scope binds k to the primitive value's scalar.
@I.ir_module
class Module:
    @R.function
    def main(p: R.Prim("int64")):
        k = T.int64()
        q = R.match_cast(p, R.Prim(value=k))
        r = R.prim_value(k * 2 + 1)
        return (q, r)
