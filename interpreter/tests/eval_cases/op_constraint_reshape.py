# rule: eval.op.constraint eval.call.op
# arg: float32 (5,) [1.0, 2.0, 3.0, 4.0, 5.0]
# expect_error: E3005
from tvm.script import ir as I, relax as R, tir as T


# reshape to (2, 2) needs 4 elements; x has n = 5.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(("n",), "float32")):
        y = R.reshape(x, R.shape([2, 2]))
        return y
