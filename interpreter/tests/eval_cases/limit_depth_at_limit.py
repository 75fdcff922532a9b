# rule: eval.limit.depth
# limit: max_call_depth=50
# arg: prim int64 48
# expect: 0
from tvm.script import ir as I, relax as R, tir as T


# main (depth 1) and rec(48) ... rec(0) (49 activations): depth 50, exactly the limit.
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
