# rule: eval.global-var eval.call.closure eval.if
# arg: prim int64 7
# expect: False
from tvm.script import ir as I, relax as R, tir as T


# Mutual recursion through GlobalVars: is_even(7) = is_odd(6) = ... = is_odd(0) = False.
@I.ir_module
class Module:
    @R.function
    def is_even(p: R.Prim(value="n")) -> R.Prim("bool"):
        n = T.int64()
        if n == 0:
            r = R.prim_value(True)
        else:
            r = Module.is_odd(R.prim_value(n - 1))
        return r

    @R.function
    def is_odd(p: R.Prim(value="n")) -> R.Prim("bool"):
        n = T.int64()
        if n == 0:
            r = R.prim_value(False)
        else:
            r = Module.is_even(R.prim_value(n - 1))
        return r

    @R.function
    def main(p: R.Prim("int64")) -> R.Prim("bool"):
        r = Module.is_even(p)
        return r
