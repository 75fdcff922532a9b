# rule: tir.eval.work
# limit: max_work=100000
# expect_error: E0910
from tvm.script import ir as I, relax as R, tir as T


# A loop nest of 10^12 iterations ends at the work limit.
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def spin(B: T.Buffer((T.int64(1),), "int64")):
        for i, j in T.grid(T.int64(1000000), T.int64(1000000)):
            B[T.int64(0)] = B[T.int64(0)] + T.int64(1)

    @R.function
    def main() -> R.Tensor((1,), "int64"):
        cls = Module
        y = R.call_tir(cls.spin, R.tuple(), out_sinfo=R.Tensor((1,), dtype="int64"))
        return y
