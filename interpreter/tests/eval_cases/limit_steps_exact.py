# rule: eval.limit.steps
# limit: max_steps=5
# expect: (1, 2, 3, 4, 5)
from tvm.script import ir as I, relax as R, tir as T


# Five bindings, five steps: exactly the limit.
@I.ir_module
class Module:
    @R.function
    def main():
        a = R.prim_value(1)
        b = R.prim_value(2)
        c = R.prim_value(3)
        d = R.prim_value(4)
        e = R.prim_value(5)
        return (a, b, c, d, e)
