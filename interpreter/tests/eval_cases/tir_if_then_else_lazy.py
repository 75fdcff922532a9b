# rule: tir.eval.expr
# arg: float32 (2,) [1.0, 2.0]
# expect: [0.0, 1.0, 2.0, 0.0]
from tvm.script import ir as I, relax as R, tir as T


# T.if_then_else evaluates only the value it selects: the padding guard keeps the read of A in
# bounds, as TVM's legalized pad writes it.
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def pad(A: T.Buffer((T.int64(2),), "float32"), B: T.Buffer((T.int64(4),), "float32")):
        for i in range(T.int64(4)):
            with T.block("pad"):
                vi = T.axis.spatial(T.int64(4), i)
                B[vi] = T.if_then_else(T.int64(1) <= vi and vi < T.int64(3), A[vi - T.int64(1)], T.float32(0))

    @R.function
    def main(x: R.Tensor((2,), "float32")) -> R.Tensor((4,), "float32"):
        cls = Module
        y = R.call_tir(cls.pad, (x,), out_sinfo=R.Tensor((4,), dtype="float32"))
        return y
