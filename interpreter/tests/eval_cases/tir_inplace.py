# rule: tir.eval.call
# arg: int32 (3,) [1, 2, 3]
# expect: ([2, 3, 4], [1, 2, 3])
from tvm.script import ir as I, relax as R, tir as T


# The first output is the argument, written in place; the second is fresh. The old value of
# x is not used after the call.
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def f(A: T.Buffer((T.int64(3),), "int32"), B: T.Buffer((T.int64(3),), "int32")):
        for i in range(T.int64(3)):
            B[i] = A[i]
            A[i] = A[i] + 1

    @R.function
    def main(x: R.Tensor((3,), "int32")) -> R.Tuple(R.Tensor((3,), "int32"), R.Tensor((3,), "int32")):
        cls = Module
        y = R.call_tir_inplace(cls.f, (x,), inplace_indices=[0, -1], out_sinfo=[R.Tensor((3,), dtype="int32"), R.Tensor((3,), dtype="int32")])
        return y
