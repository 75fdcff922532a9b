# rule: tir.eval.vector
# arg: int32 (8,) [0, 1, 2, 3, 4, 5, 6, 7]
# expect: [0, 3, 6, 9, 4, 5, 6, 7]
from tvm.script import ir as I, relax as R, tir as T


# A vector store: lanes 0..3 of the ramp write B[0..3] with 3 * A[ramp].
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def f(A: T.Buffer((T.int64(8),), "int32"), B: T.Buffer((T.int64(8),), "int32")):
        for i in range(T.int64(8)):
            B[i] = A[i]
        B[T.Ramp(T.int64(0), T.int64(1), 4)] = A[T.Ramp(T.int64(0), T.int64(1), 4)] * T.Broadcast(3, 4)

    @R.function
    def main(x: R.Tensor((8,), "int32")) -> R.Tensor((8,), "int32"):
        cls = Module
        y = R.call_tir(cls.f, (x,), out_sinfo=R.Tensor((8,), dtype="int32"))
        return y
