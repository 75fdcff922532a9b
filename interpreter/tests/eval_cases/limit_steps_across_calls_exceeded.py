# rule: eval.limit.steps eval.call.closure
# limit: max_steps=3
# expect_error: E0909
from tvm.script import ir as I, relax as R, tir as T


# As limit_steps_across_calls.py with one step less: z is the fourth binding.
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
