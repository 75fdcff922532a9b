# rule: eval.limit.depth
# arg: prim int64 5000
# expect_error: E0908
from tvm.script import ir as I, relax as R, tir as T


# Unbounded-looking recursion meets the default limit of 1000 active calls.
@I.ir_module
class Module:
    @R.function
    def rec(p: R.Prim(value="k")) -> R.Prim("int64"):
        k = T.int64()
        if k == 0:
            r = R.prim_value(0)
        else:
            r = Module.rec(R.prim_value(k - 1))
        return r

    @R.function
    def main(p: R.Prim("int64")) -> R.Prim("int64"):
        r = Module.rec(p)
        return r
