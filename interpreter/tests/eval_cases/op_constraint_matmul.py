# rule: eval.op.constraint eval.call.op
# arg: float32 (2, 3) [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
# arg: float32 (2, 2) [1.0, 2.0, 3.0, 4.0]
# expect_error: E3005
from tvm.script import ir as I, relax as R, tir as T


# The reduction extents k = 3 and j = 2 differ at run time.
@I.ir_module
class Module:
    @R.function
    def main(a: R.Tensor(("i", "k"), "float32"), b: R.Tensor(("j", "l"), "float32")):
        c = R.matmul(a, b)
        return c
