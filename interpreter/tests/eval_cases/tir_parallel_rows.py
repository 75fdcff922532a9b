# rule: tir.for.kind
# arg: float32 (6, 4) [-3.0, -2.0, -1.0, 0.0, 1.0, 2.0, 3.0, -3.0, -2.0, -1.0, 0.0, 1.0, 2.0, 3.0, -3.0, -2.0, -1.0, 0.0, 1.0, 2.0, 3.0, -3.0, -2.0, -1.0]
# expect: [-6.0, 3.0, -2.0, 0.0, 2.0, -3.0]
from tvm.script import ir as I, relax as R, tir as T


# A parallel loop over rows, each iteration reducing its own row: iterations write different
# elements, so every order gives the serial loop's sums.
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def rowsum(A: T.Buffer((T.int64(6), T.int64(4)), "float32"), S: T.Buffer((T.int64(6),), "float32")):
        for i in T.parallel(T.int64(6)):
            for k in range(T.int64(4)):
                with T.block("S"):
                    vi, vk = T.axis.remap("SR", [i, k])
                    with T.init():
                        S[vi] = T.float32(0)
                    S[vi] = S[vi] + A[vi, vk]

    @R.function
    def main(a: R.Tensor((6, 4), "float32")) -> R.Tensor((6,), "float32"):
        cls = Module
        s = R.call_tir(cls.rowsum, (a,), out_sinfo=R.Tensor((6,), dtype="float32"))
        return s
