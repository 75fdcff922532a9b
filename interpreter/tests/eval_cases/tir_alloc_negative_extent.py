# rule: op.builtin.alloc_tensor.c1 tir.eval.direct-call
# arg: int32 (2,) [1, 2]
# expect_error: E3005
from tvm.script import ir as I, relax as R, tir as T


# tir_negative_out_extent after call-tir-rewrite: the allocation's extent n - 3 is negative when
# it runs, and its constraint fails with the code R.call_tir's would (E3005).
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def f(var_A: T.handle, var_B: T.handle):
        n = T.int64()
        A = T.match_buffer(var_A, (n,), "int32")
        B = T.match_buffer(var_B, (n - T.int64(3),), "int32")
        for i in range(n - T.int64(3)):
            B[i] = A[i]

    @R.function(pure=False)
    def main(x: R.Tensor(("n",), "int32")) -> R.Tensor(("n - 3",), "int32"):
        n = T.int64()
        cls = Module
        y = R.builtin.alloc_tensor(R.shape([n - 3]), R.dtype("int32"), R.prim_value(0), R.str("global"))
        cls.f(x, y)
        return y
