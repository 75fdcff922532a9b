# rule: tir.eval.bind tir.eval.call
# arg: int32 (4,) [1, 2, 3, 4]
# expect: [2, 4, 6, 8]
from tvm.script import ir as I, relax as R, tir as T


# n is defined by the first buffer and checked by the second; the output shape uses the
# caller's shape variable.
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def double(a: T.handle, b: T.handle):
        n = T.int64()
        A = T.match_buffer(a, (n,), "int32")
        B = T.match_buffer(b, (n,), "int32")
        for i in range(n):
            with T.block("B"):
                vi = T.axis.spatial(n, i)
                B[vi] = A[vi] * 2

    @R.function
    def main(x: R.Tensor(("n",), "int32")) -> R.Tensor(("n",), "int32"):
        n = T.int64()
        cls = Module
        y = R.call_tir(cls.double, (x,), out_sinfo=R.Tensor((n,), dtype="int32"))
        return y
