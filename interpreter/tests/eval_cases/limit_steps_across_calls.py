# rule: eval.limit.steps eval.call.closure
# limit: max_steps=4
# expect: 2
from tvm.script import ir as I, relax as R, tir as T


# Steps count the bindings of every activation: x (1), y (2), the callee's a (3), z (4).
@I.ir_module
class Module:
    @R.function
    def f(p: R.Prim("int64")) -> R.Prim("int64"):
        a = R.prim_value(1)
        return p

    @R.function
    def main():
        x = R.prim_value(0)
        y = Module.f(x)
        z = R.prim_value(2)
        return z
