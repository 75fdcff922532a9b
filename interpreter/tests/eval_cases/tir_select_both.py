# rule: tir.eval.expr
# arg: float32 (2,) [1.0, 2.0]
# expect_error: E3007
from tvm.script import ir as I, relax as R, tir as T


# T.Select evaluates both values: the out-of-bounds read traps although the condition
# selects the other value.
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def f(A: T.Buffer((T.int64(2),), "float32"), B: T.Buffer((T.int64(2),), "float32")):
        for i in range(T.int64(2)):
            B[i] = T.Select(i < T.int64(1), A[i], A[i + T.int64(1)])

    @R.function
    def main(x: R.Tensor((2,), "float32")) -> R.Tensor((2,), "float32"):
        cls = Module
        y = R.call_tir(cls.f, (x,), out_sinfo=R.Tensor((2,), dtype="float32"))
        return y
