# rule: eval.global-var eval.call.closure eval.if eval.if.cond eval.match-cast.prim eval.prim-value
# arg: prim int64 10
# expect: 3628800
from tvm.script import ir as I, relax as R, tir as T


# Factorial on primitive values, recursing through the GlobalVar; the If condition is a bool
# primitive value (n <= 1); the recursive result is matched to bind r for the PrimExpr n * r.
@I.ir_module
class Module:
    @R.function
    def fact(p: R.Prim(value="n")) -> R.Prim("int64"):
        n = T.int64()
        if n <= 1:
            res = R.prim_value(1)
        else:
            sub = Module.fact(R.prim_value(n - 1))
            r = T.int64()
            q = R.match_cast(sub, R.Prim(value=r))
            res = R.prim_value(n * r)
        return res

    @R.function
    def main(p: R.Prim("int64")) -> R.Prim("int64"):
        out = Module.fact(p)
        return out
