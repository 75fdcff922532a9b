# rule: tir.eval.bounds
# arg: int64 (2,) [5, 6]
# expect_error: E3007
from tvm.script import ir as I, relax as R, tir as T


# The loop runs one element past the symbolic extent n.
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def fill(a: T.handle, b: T.handle):
        n = T.int64()
        A = T.match_buffer(a, (n,), "int64")
        B = T.match_buffer(b, (n,), "int64")
        for i in range(n + T.int64(1)):
            B[i] = T.int64(0)

    @R.function
    def main(x: R.Tensor(("n",), "int64")) -> R.Tensor(("n",), "int64"):
        n = T.int64()
        cls = Module
        y = R.call_tir(cls.fill, (x,), out_sinfo=R.Tensor((n,), dtype="int64"))
        return y
