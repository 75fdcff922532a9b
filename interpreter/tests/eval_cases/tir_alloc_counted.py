# rule: tir.eval.alloc.scratch tir.eval.alloc eval.limit.memory
# arg: float32 (4,) [1.0, 2.0, 3.0, 4.0]
# limit: max_live_bytes=1024
# expect_error: E0907
from tvm.script import ir as I, relax as R, tir as T


# One element more than a scratch buffer (1025 float32, 4100 bytes): an ordinary allocation,
# which counts towards the memory limit.
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def f(A: T.Buffer((T.int64(4),), "float32"), B: T.Buffer((T.int64(4),), "float32")):
        for i in range(T.int64(4)):
            with T.block("B"):
                vi = T.axis.spatial(T.int64(4), i)
                t = T.alloc_buffer((T.int64(1025),), "float32")
                t[1024] = t[1024] + A[vi]
                B[vi] = t[1024] * T.float32(2)

    @R.function
    def main(x: R.Tensor((4,), "float32")) -> R.Tensor((4,), "float32"):
        cls = Module
        y = R.call_tir(cls.f, (x,), out_sinfo=R.Tensor((4,), dtype="float32"))
        return y
