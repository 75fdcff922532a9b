# rule: op.call_tir_inplace.c5
# arg: float32 (3,) [1.0, 2.0, 3.0]
# arg: float32 (2,) [0.0, 0.0]
# expect_error: E3005
from tvm.script import ir as I, relax as R, tir as T


# The argument written in place has extent n, the output extent m: written alike, different
# variables. With n = 3 and m = 2 the run-time check of the in-place output's struct info traps;
# a compiler that lowers the call may drop the check only where the two are the same terms.
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def f(a: T.handle):
        n = T.int64()
        A = T.match_buffer(a, (n,), "float32")
        for i in range(n):
            A[i] = A[i] + T.float32(1)

    @R.function
    def main(x: R.Tensor(("n",), "float32"), y: R.Tensor(("m",), "float32")):
        n = T.int64()
        m = T.int64()
        cls = Module
        z = R.call_tir_inplace(cls.f, (x,), inplace_indices=[0], out_sinfo=R.Tensor((m,), "float32"))
        return z
