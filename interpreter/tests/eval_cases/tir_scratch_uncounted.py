# rule: tir.eval.alloc.scratch
# arg: float32 (4,) [1.0, 2.0, 3.0, 4.0]
# limit: max_live_bytes=1024
# expect: [2.0, 4.0, 6.0, 8.0]
from tvm.script import ir as I, relax as R, tir as T


# A scratch buffer (constant shape, at most 4096 bytes: here 1024 float32, allocated by a block
# run once per element) counts towards no memory limit.
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def f(A: T.Buffer((T.int64(4),), "float32"), B: T.Buffer((T.int64(4),), "float32")):
        for i in range(T.int64(4)):
            with T.block("B"):
                vi = T.axis.spatial(T.int64(4), i)
                t = T.alloc_buffer((T.int64(1024),), "float32")
                t[1023] = t[1023] + A[vi]
                B[vi] = t[1023] * T.float32(2)

    @R.function
    def main(x: R.Tensor((4,), "float32")) -> R.Tensor((4,), "float32"):
        cls = Module
        y = R.call_tir(cls.f, (x,), out_sinfo=R.Tensor((4,), dtype="float32"))
        return y
