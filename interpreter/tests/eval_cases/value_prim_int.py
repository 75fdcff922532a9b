# rule: eval.value.prim eval.prim-value eval.print.value
# expect: (7, -3)
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main():
        a = R.prim_value(7)
        b = R.prim_value(-3)
        return (a, b)
