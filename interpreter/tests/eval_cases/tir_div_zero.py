# rule: tir.eval.num
# arg: int32 (2,) [4, 0]
# expect_error: E3006
from tvm.script import ir as I, relax as R, tir as T


# Integer floor division by an element that is zero.
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def inv(A: T.Buffer((T.int64(2),), "int32"), B: T.Buffer((T.int64(2),), "int32")):
        for i in range(T.int64(2)):
            B[i] = T.floordiv(12, A[i])

    @R.function
    def main(x: R.Tensor((2,), "int32")) -> R.Tensor((2,), "int32"):
        cls = Module
        y = R.call_tir(cls.inv, (x,), out_sinfo=R.Tensor((2,), dtype="int32"))
        return y
