# rule: tir.eval.num
# arg: float32 (4,) [1.9, -1.9, 1e10, nan]
# expect: [1, -1, 2147483647, 0]
from tvm.script import ir as I, relax as R, tir as T


# T.Cast converts as R.astype: truncation toward zero, saturation, NaN to 0.
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def cast(A: T.Buffer((T.int64(4),), "float32"), B: T.Buffer((T.int64(4),), "int32")):
        for i in range(T.int64(4)):
            B[i] = T.Cast("int32", A[i])

    @R.function
    def main(x: R.Tensor((4,), "float32")) -> R.Tensor((4,), "int32"):
        cls = Module
        y = R.call_tir(cls.cast, (x,), out_sinfo=R.Tensor((4,), dtype="int32"))
        return y
