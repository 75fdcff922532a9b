# rule: eval.op.constraint eval.limit.tensor
# arg: float32 (1,) [1.0]
# arg: float32 (4,) [1.0, 2.0, 3.0, 4.0]
# expect_error: E3005
from tvm.script import ir as I, relax as R, tir as T


# The extent n - m = 1 - 4 = -3 is not proven >= 0 statically; R.zeros decides op.zeros.c3
# (every extent >= 0) before the tensor is created, so a negative extent is a trap (E3005), not
# an exhaustion.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(("n",), "float32"), y: R.Tensor(("m",), "float32")):
        n = T.int64()
        m = T.int64()
        z = R.zeros(R.shape([2, n - m]), dtype="float32")
        return z
