# rule: tir.eval.block tir.eval.call
# arg: float32 (2, 0) []
# expect: [7.0, 7.0]
from tvm.script import ir as I, relax as R, tir as T


# A reduction over an empty axis: the block never runs, so T.init never runs, and the output
# keeps what R.call_tir allocated: zeros. Here a second block adds 7 afterwards.
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def row_sum(a: T.handle, S: T.Buffer((T.int64(2),), "float32")):
        k = T.int64()
        A = T.match_buffer(a, (T.int64(2), k), "float32")
        for i, j in T.grid(T.int64(2), k):
            with T.block("S"):
                vi, vj = T.axis.remap("SR", [i, j])
                with T.init():
                    S[vi] = T.float32(-1)
                S[vi] = S[vi] + A[vi, vj]
        for i in range(T.int64(2)):
            with T.block("plus"):
                vi = T.axis.spatial(T.int64(2), i)
                S[vi] = S[vi] + T.float32(7)

    @R.function
    def main(x: R.Tensor((2, "k"), "float32")) -> R.Tensor((2,), "float32"):
        cls = Module
        s = R.call_tir(cls.row_sum, (x,), out_sinfo=R.Tensor((2,), dtype="float32"))
        return s
