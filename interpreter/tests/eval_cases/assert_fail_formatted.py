# rule: eval.trap.assert eval.print.format
# arg: float32 (2, 3) [-1.0, -2.0, -3.0, -4.0, -5.0, -6.0]
# expect_error: E3008
from tvm.script import ir as I, relax as R, tir as T


# The packed_calls example with a negative sum: E3008 with the message "the sum must not be
# negative, got -21.0".
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(x: R.Tensor((2, 3), "float32")):
        total = R.sum(x)
        ok = R.greater_equal(total, R.const(0, "float32"))
        R.assert_op(ok, total, format="the sum must not be negative, got {}")
        return x
