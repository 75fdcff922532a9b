# rule: tir.eval.stmt tir.eval.expr
# arg: int32 (4,) [1, 2, 3, 4]
# expect: [10, 4, 30, 8]
from tvm.script import ir as I, relax as R, tir as T


# A let statement, an if / else, and T.Let inside an expression (its variable is declared
# first, as TVM prints it).
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def f(A: T.Buffer((T.int64(4),), "int32"), B: T.Buffer((T.int64(4),), "int32")):
        y = T.int32()
        for i in range(T.int64(4)):
            x: T.int32 = A[i]
            if x % 2 == 1:
                B[i] = x * 10
            else:
                B[i] = T.Let(y + y, where={y: x})

    @R.function
    def main(a: R.Tensor((4,), "int32")) -> R.Tensor((4,), "int32"):
        cls = Module
        b = R.call_tir(cls.f, (a,), out_sinfo=R.Tensor((4,), dtype="int32"))
        return b
