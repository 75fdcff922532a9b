# rule: tir.eval.bind
# arg: float32 (2,) [1.0, 2.0]
# expect_error: E3002
from tvm.script import ir as I, relax as R, tir as T


# n, an int32 variable, is defined by A (the input's extent 2); B's extent n must then equal
# the output's 3, which it does not. The checker leaves extents in int32 variables to the run-time
# check (op.call_tir.c4), which traps when the call binds the tensors.
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def copy(a: T.handle, b: T.handle):
        n = T.int32()
        A = T.match_buffer(a, (n,), "float32")
        B = T.match_buffer(b, (n,), "float32")
        for i in range(n):
            B[i] = A[i]

    @R.function
    def main(x: R.Tensor((2,), "float32")) -> R.Tensor((3,), "float32"):
        cls = Module
        y = R.call_tir(cls.copy, (x,), out_sinfo=R.Tensor((3,), dtype="float32"))
        return y
