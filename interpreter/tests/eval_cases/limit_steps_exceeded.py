# rule: eval.limit.steps
# limit: max_steps=4
# expect_print: 1
# expect_print: 2
# expect_error: E0909
from tvm.script import ir as I, relax as R, tir as T


# Bindings 1 to 4 run (two of them print); the fifth would exceed the limit and is not evaluated.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main():
        a = R.prim_value(1)
        u = R.print(a)
        b = R.prim_value(2)
        v = R.print(b)
        w = R.print(format="not printed")
        return (a, b)
