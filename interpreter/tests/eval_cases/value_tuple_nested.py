# rule: eval.value.tuple eval.tuple eval.print.value
# expect: ((1, 2), (), (R.shape([]),))
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main():
        a = R.prim_value(1)
        b = R.prim_value(2)
        t = ((a, b), R.tuple(), (R.shape([]),))
        return t
