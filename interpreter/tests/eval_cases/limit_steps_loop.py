# rule: eval.limit.steps
# limit: max_steps=100
# arg: prim int64 1000
# expect_error: E0909
from tvm.script import ir as I, relax as R, tir as T


# A loop (recursion) of 1000 iterations, each several bindings, meets a step limit of 100 long
# before the default depth limit.
@I.ir_module
class Module:
    @R.function
    def loop(p: R.Prim(value="k")) -> R.Prim("int64"):
        k = T.int64()
        if k == 0:
            r = R.prim_value(0)
        else:
            a = R.prim_value(k * 2)
            b = R.prim_value(k - 1)
            r = Module.loop(b)
        return r

    @R.function
    def main(p: R.Prim("int64")) -> R.Prim("int64"):
        r = Module.loop(p)
        return r
