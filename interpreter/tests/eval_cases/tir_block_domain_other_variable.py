# rule: tir.eval.block
# arg: float32 (5,) [1.0, 2.0, 3.0, 4.0, 5.0]
# arg: float32 (3,) [0.0, 0.0, 0.0]
# expect_error: E3007
from tvm.script import ir as I, relax as R, tir as T


# The block's domain is [0, m) and its value the variable of a loop over [0, n): written alike,
# different variables. With n = 5 and m = 3, the value 3 is outside the domain: an implementation
# must not take the loop's range for the domain because the two look the same up to renaming.
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def f(a: T.handle, b: T.handle):
        n, m = T.int64(), T.int64()
        A = T.match_buffer(a, (n,), "float32")
        B = T.match_buffer(b, (m,), "float32")
        for i in range(n):
            with T.block("B"):
                vi = T.axis.spatial(m, i)
                B[vi % m] = A[i]

    @R.function
    def main(x: R.Tensor(("n",), "float32"), y: R.Tensor(("m",), "float32")):
        n = T.int64()
        m = T.int64()
        cls = Module
        z = R.call_tir_inplace(cls.f, (x, y), inplace_indices=[1], out_sinfo=R.Tensor((m,), "float32"))
        return z
