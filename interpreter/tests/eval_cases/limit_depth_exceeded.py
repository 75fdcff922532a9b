# rule: eval.limit.depth eval.error
# limit: max_call_depth=50
# arg: prim int64 49
# expect_error: E0908
from tvm.script import ir as I, relax as R, tir as T


# main is depth 1; rec(49), rec(48), ..., rec(0) are 50 more activations: depth 51 > 50.
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
