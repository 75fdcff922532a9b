# rule: eval.trap.assert eval.trap.value eval.print.format
# arg: prim bool false
# expect_error: E3012
from tvm.script import ir as I, relax as R, tir as T


# A false condition with a malformed format ("{}" fields for two values, one given) traps E3012
# instead of E3008.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(c: R.Prim("bool")):
        R.assert_op(c, [R.prim_value(1), R.prim_value(2)], format="only {}")
        return c
