# rule: tir.eval.bind
# arg: float32 (2,) [1.0, 2.0]
# expect_error: E3002
from tvm.script import ir as I, relax as R, tir as T


# The caller's output is int32 but the PrimFunc's buffer is float32: the call traps when the
# tensors are bound. (The checker reports it too, as op.call_tir.c4; `rlx run` of an unchecked
# module reaches the run-time check.)
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def copy(a: T.handle, b: T.handle):
        n = T.int64()
        A = T.match_buffer(a, (n,), "float32")
        B = T.match_buffer(b, (T.int64(3),), "float32")
        for i in range(n):
            B[i] = A[i]

    @R.function
    def main(x: R.Tensor((2,), "float32")) -> R.Tensor((2,), "float32"):
        cls = Module
        y = R.call_tir(cls.copy, (x,), out_sinfo=R.Tensor((2,), dtype="float32"))
        return y
