# rule: tir.eval.direct-call
# arg: int64 (3,) [1, 2, 3]
# expect: [111, 112, 113]
from tvm.script import ir as I, relax as R, tir as T


# A prim value binds a scalar parameter; a shape value stands for its extents, each an int64
# scalar argument in order (here k = 100 and m = 10 from one shape).
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def shift(A: T.Buffer((T.int64(3),), "int64"), B: T.Buffer((T.int64(3),), "int64"), k: T.int64, m: T.int64, j: T.int64):
        for i in range(T.int64(3)):
            B[i] = A[i] + k + m + j

    @R.function(pure=False)
    def main(x: R.Tensor((3,), "int64")) -> R.Tensor((3,), "int64"):
        cls = Module
        out = R.builtin.alloc_tensor(R.shape([3]), R.dtype("int64"), R.prim_value(0), R.str("global"))
        cls.shift(x, out, R.shape([100, 10]), R.prim_value(T.int64(0)))
        return out
