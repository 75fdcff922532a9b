# rule: op.call_tir.c3
# arg: int32 (2,) [1, 2]
# expect_error: E3005
from tvm.script import ir as I, relax as R, tir as T


# out_sinfo's extent n - 3 is negative when the call runs: the call's constraint fails (E3005),
# as the op that a lowering replaced would fail its own.
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def f(var_A: T.handle, var_B: T.handle):
        n = T.int64()
        A = T.match_buffer(var_A, (n,), "int32")
        B = T.match_buffer(var_B, (n - T.int64(3),), "int32")
        for i in range(n - T.int64(3)):
            B[i] = A[i]

    @R.function
    def main(x: R.Tensor(("n",), "int32")) -> R.Tensor(("n - 3",), "int32"):
        n = T.int64()
        cls = Module
        y = R.call_tir(cls.f, (x,), out_sinfo=R.Tensor((n - 3,), dtype="int32"))
        return y
