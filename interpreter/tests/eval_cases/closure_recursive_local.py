# rule: eval.closure.recursive eval.function eval.if eval.call.closure
# arg: int64 () [5]
# expect: 120
from tvm.script import ir as I, relax as R, tir as T


# A local function bound by VarBinding(fact, Function) calls itself through fact.
@I.ir_module
class Module:
    @R.function
    def main(n: R.Tensor((), "int64")) -> R.Tensor((), "int64"):
        @R.function
        def fact(k: R.Tensor((), "int64")) -> R.Tensor((), "int64"):
            done = R.less_equal(k, R.const(1, "int64"))
            if done:
                r = R.const(1, "int64")
            else:
                km1 = R.subtract(k, R.const(1, "int64"))
                sub = fact(km1)
                r = R.multiply(k, sub)
            return r

        out = fact(n)
        return out
