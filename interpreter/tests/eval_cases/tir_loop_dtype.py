# rule: tir.eval.for
# arg: int8 (1,) [0]
# expect_error: E3012
from tvm.script import ir as I, relax as R, tir as T


# An int32 loop from n = 2147483000 with extent 1000 would leave int32 (the extent, computed
# as (n + 1000) - n, wraps back to 1000).
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def f(A: T.Buffer((T.int64(1),), "int8"), B: T.Buffer((T.int64(1),), "int8"), n: T.int32):
        for i in range(n, n + 1000):
            B[T.int64(0)] = A[T.int64(0)]

    @R.function
    def main(a: R.Tensor((1,), "int8")) -> R.Tensor((1,), "int8"):
        cls = Module
        b = R.call_tir(cls.f, (a,), out_sinfo=R.Tensor((1,), dtype="int8"), tir_vars=R.shape([2147483000]))
        return b
