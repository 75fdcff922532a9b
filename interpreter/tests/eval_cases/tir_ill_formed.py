# rule: tir.eval.ill-formed
# arg: float32 (2,) [1.0, 2.0]
# expect_error: E3015
from tvm.script import ir as I, relax as R, tir as T


# The store's value is float32 and the buffer int32. (The TIR checker reports this too.)
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def f(A: T.Buffer((T.int64(2),), "float32"), B: T.Buffer((T.int64(2),), "int32")):
        for i in range(T.int64(2)):
            B[i] = A[i]

    @R.function
    def main(a: R.Tensor((2,), "float32")) -> R.Tensor((2,), "int32"):
        cls = Module
        b = R.call_tir(cls.f, (a,), out_sinfo=R.Tensor((2,), dtype="int32"))
        return b
