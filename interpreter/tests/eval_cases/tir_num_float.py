# rule: tir.eval.num
# arg: float32 (3,) [nan, -0.0, 2.0]
# expect: ([nan, 0.0, 2.0], [nan, -0.0, 0.0], [nan, -1.0, 2.0])
from tvm.script import ir as I, relax as R, tir as T


# max / min of floats propagate NaN and order -0 < +0; T.round rounds half to even
# (2 * 1.25 = 2.5 rounds to 2).
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def f(A: T.Buffer((T.int64(3),), "float32"), MX: T.Buffer((T.int64(3),), "float32"), MN: T.Buffer((T.int64(3),), "float32"), RD: T.Buffer((T.int64(3),), "float32")):
        for i in range(T.int64(3)):
            MX[i] = T.max(A[i], T.float32(0))
            MN[i] = T.min(A[i], T.float32(0))
            RD[i] = T.round(A[i] * T.float32(1.25)) - T.float32(1) + T.Cast("float32", A[i] == T.float32(2))
    @R.function
    def main(x: R.Tensor((3,), "float32")) -> R.Tuple(R.Tensor((3,), "float32"), R.Tensor((3,), "float32"), R.Tensor((3,), "float32")):
        cls = Module
        y = R.call_tir(cls.f, (x,), out_sinfo=[R.Tensor((3,), dtype="float32"), R.Tensor((3,), dtype="float32"), R.Tensor((3,), dtype="float32")])
        return y
