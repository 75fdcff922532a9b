# rule: tir.eval.bind tir.eval.stmt tir.eval.for tir.eval.block
# arg: float32 (2, 3) [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
# arg: float32 (2, 3) [10.0, 20.0, 30.0, 40.0, 50.0, 60.0]
# expect: [[11.0, 22.0, 33.0], [44.0, 55.0, 66.0]]
from tvm.script import ir as I, relax as R, tir as T


# A PrimFunc as TVM's LegalizeOps writes R.add: the output is allocated by R.call_tir.
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def add(A: T.Buffer((T.int64(2), T.int64(3)), "float32"), B: T.Buffer((T.int64(2), T.int64(3)), "float32"), C: T.Buffer((T.int64(2), T.int64(3)), "float32")):
        T.func_attr({"tir.noalias": True})
        for i, j in T.grid(T.int64(2), T.int64(3)):
            with T.block("C"):
                vi, vj = T.axis.remap("SS", [i, j])
                T.reads(A[vi, vj], B[vi, vj])
                T.writes(C[vi, vj])
                C[vi, vj] = A[vi, vj] + B[vi, vj]

    @R.function
    def main(x: R.Tensor((2, 3), "float32"), y: R.Tensor((2, 3), "float32")) -> R.Tensor((2, 3), "float32"):
        cls = Module
        z = R.call_tir(cls.add, (x, y), out_sinfo=R.Tensor((2, 3), dtype="float32"))
        return z
