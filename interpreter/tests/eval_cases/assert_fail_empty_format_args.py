# rule: eval.trap.assert
# arg: prim bool false
# expect_error: E3008
from tvm.script import ir as I, relax as R, tir as T


# An empty format with args: the message is "assertion failed: 1 two" (args joined by a space).
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(c: R.Prim("bool")):
        R.assert_op(c, [R.prim_value(1), R.str("two")])
        return c
