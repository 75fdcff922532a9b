# rule: tir.eval.bounds
# arg: float32 (3,) [1.0, 2.0, 3.0]
# expect_error: E3007
from tvm.script import ir as I, relax as R, tir as T


# Reading A[i + 1] at i = 2 is outside A's extent 3.
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def shift(A: T.Buffer((T.int64(3),), "float32"), B: T.Buffer((T.int64(3),), "float32")):
        for i in range(T.int64(3)):
            B[i] = A[i + T.int64(1)]

    @R.function
    def main(x: R.Tensor((3,), "float32")) -> R.Tensor((3,), "float32"):
        cls = Module
        y = R.call_tir(cls.shift, (x,), out_sinfo=R.Tensor((3,), dtype="float32"))
        return y
