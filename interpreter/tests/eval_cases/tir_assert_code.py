# rule: tir.eval.assert
# arg: int32 (2,) [1, 0]
# expect_error: E3012
from tvm.script import ir as I, relax as R, tir as T


# A message that starts with an op trap's code traps with that code: how a lowered op keeps
# the traps of the op it computes (pass.legalize-ops).
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def f(A: T.Buffer((T.int64(2),), "int32"), B: T.Buffer((T.int64(2),), "int32")):
        for i in range(T.int64(2)):
            assert A[i] != 0, "E3012: a zero"
            B[i] = A[i]

    @R.function
    def main(x: R.Tensor((2,), "int32")) -> R.Tensor((2,), "int32"):
        cls = Module
        y = R.call_tir(cls.f, (x,), out_sinfo=R.Tensor((2,), dtype="int32"))
        return y
