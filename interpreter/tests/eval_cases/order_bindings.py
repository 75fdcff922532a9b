# rule: eval.order eval.seq eval.print
# expect_print: one
# expect_print: two
# expect_print: three
# expect: 3
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function(pure=False)
    def main():
        R.print(format="one")
        R.print(format="two")
        R.print(format="three")
        r = R.prim_value(3)
        return r
