# rule: tir.for.kind tir.eval.for
# arg: int32 (8, 4) [-40, -37, -34, -31, -28, -25, -22, -19, -16, -13, -10, -7, -4, -1, 2, 5, 8, 11, 14, 17, 20, 23, 26, 29, 32, 35, 38, 41, 44, 47, 50, 53]
# arg: int32 (8, 4) [1, 2, 3, 4, 5, 1, 2, 0, 4, 5, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 0, 2, 3, 4, 5, 1, 2]
# expect_error: E3006
from tvm.script import ir as I, relax as R, tir as T


# A parallel loop whose iterations divide by zero in two places (rows 1 and 6): whichever runs
# first, the loop traps E3006 (rlx's cpu backend runs it in chunks on its thread pool, and
# reports row 1's, as the serial loop would).
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def f(A: T.Buffer((T.int64(8), T.int64(4)), "int32"), B: T.Buffer((T.int64(8), T.int64(4)), "int32"), C: T.Buffer((T.int64(8), T.int64(4)), "int32")):
        for i in T.parallel(T.int64(8)):
            for j in range(T.int64(4)):
                with T.block("C"):
                    vi, vj = T.axis.remap("SS", [i, j])
                    C[vi, vj] = T.floordiv(A[vi, vj], B[vi, vj])

    @R.function
    def main(a: R.Tensor((8, 4), "int32"), b: R.Tensor((8, 4), "int32")) -> R.Tensor((8, 4), "int32"):
        cls = Module
        c = R.call_tir(cls.f, (a, b), out_sinfo=R.Tensor((8, 4), dtype="int32"))
        return c
