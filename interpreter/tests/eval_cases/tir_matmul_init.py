# rule: tir.eval.block tir.eval.call
# arg: float32 (2, 3) [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
# arg: float32 (3, 2) [1.0, 0.0, 0.0, 1.0, 1.0, 1.0]
# expect: [[4.0, 5.0], [10.0, 11.0]]
from tvm.script import ir as I, relax as R, tir as T


# T.init runs on the first iteration of the reduce axis (k = 0).
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def matmul(A: T.Buffer((T.int64(2), T.int64(3)), "float32"), B: T.Buffer((T.int64(3), T.int64(2)), "float32"), C: T.Buffer((T.int64(2), T.int64(2)), "float32")):
        for i, j, k in T.grid(T.int64(2), T.int64(2), T.int64(3)):
            with T.block("C"):
                vi, vj, vk = T.axis.remap("SSR", [i, j, k])
                with T.init():
                    C[vi, vj] = T.float32(0)
                C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]

    @R.function
    def main(a: R.Tensor((2, 3), "float32"), b: R.Tensor((3, 2), "float32")) -> R.Tensor((2, 2), "float32"):
        cls = Module
        c = R.call_tir(cls.matmul, (a, b), out_sinfo=R.Tensor((2, 2), dtype="float32"))
        return c
