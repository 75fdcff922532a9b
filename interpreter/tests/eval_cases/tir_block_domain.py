# rule: tir.eval.block
# arg: float32 (4,) [1.0, 2.0, 3.0, 4.0]
# expect_error: E3007
from tvm.script import ir as I, relax as R, tir as T


# The block's variable is bound to 3 - i + 1, which leaves its domain [0, 4) at i = 0.
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def rev(A: T.Buffer((T.int64(4),), "float32"), B: T.Buffer((T.int64(4),), "float32")):
        for i in range(T.int64(4)):
            with T.block("B"):
                vi = T.axis.spatial(T.int64(4), T.int64(4) - i)
                B[vi - T.int64(1)] = A[i]

    @R.function
    def main(x: R.Tensor((4,), "float32")) -> R.Tensor((4,), "float32"):
        cls = Module
        y = R.call_tir(cls.rev, (x,), out_sinfo=R.Tensor((4,), dtype="float32"))
        return y
