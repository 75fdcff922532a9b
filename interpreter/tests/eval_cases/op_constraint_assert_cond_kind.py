# rule: eval.trap.assert eval.op.constraint
# arg: int32 () [1]
# expect_error: E3005
from tvm.script import ir as I, relax as R, tir as T


# assert_op's condition must be a bool primitive value or a bool 0-d tensor (op.assert_op.c1);
# an int32 0-d tensor (dtype unknown statically) traps E3005.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(c: R.Tensor(ndim=0)):
        R.assert_op(c, format="never")
        return c
