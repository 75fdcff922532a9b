# rule: tir.eval.alloc tir.block.alloc tir.func.root
# arg: float32 (3,) [1.0, 2.0, 3.0]
# expect: [2.0, 5.0, 10.0]
from tvm.script import ir as I, relax as R, tir as T


# A scratch buffer at function level (the root block's), starting zero-filled.
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def f(A: T.Buffer((T.int64(3),), "float32"), B: T.Buffer((T.int64(3),), "float32")):
        S = T.alloc_buffer((T.int64(3),))
        for i in range(T.int64(3)):
            with T.block("S"):
                vi = T.axis.spatial(T.int64(3), i)
                S[vi] = A[vi] * A[vi]
        for i in range(T.int64(3)):
            with T.block("B"):
                vi = T.axis.spatial(T.int64(3), i)
                B[vi] = S[vi] + T.float32(1)

    @R.function
    def main(x: R.Tensor((3,), "float32")) -> R.Tensor((3,), "float32"):
        cls = Module
        y = R.call_tir(cls.f, (x,), out_sinfo=R.Tensor((3,), dtype="float32"))
        return y
