# rule: tir.eval.num
# arg: int32 (4,) [-7, 7, 2147483647, -2147483648]
# expect: ([-4, 3, 1073741823, -1073741824], [1, 1, 1, 0], [-3, 3, 1073741823, -1073741824], [-1, 1, 1, 0], [-6, 8, -2147483648, -2147483647])
from tvm.script import ir as I, relax as R, tir as T


# floordiv / floormod round toward minus infinity, truncdiv / truncmod toward zero, and +
# wraps (eval.num.int-wrap).
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def ops(A: T.Buffer((T.int64(4),), "int32"), FD: T.Buffer((T.int64(4),), "int32"), FM: T.Buffer((T.int64(4),), "int32"), TD: T.Buffer((T.int64(4),), "int32"), TM: T.Buffer((T.int64(4),), "int32"), W: T.Buffer((T.int64(4),), "int32")):
        for i in range(T.int64(4)):
            FD[i] = A[i] // 2
            FM[i] = A[i] % 2
            TD[i] = T.truncdiv(A[i], 2)
            TM[i] = T.truncmod(A[i], 2)
            W[i] = A[i] + 1
    @R.function
    def main(x: R.Tensor((4,), "int32")) -> R.Tuple(R.Tensor((4,), "int32"), R.Tensor((4,), "int32"), R.Tensor((4,), "int32"), R.Tensor((4,), "int32"), R.Tensor((4,), "int32")):
        cls = Module
        y = R.call_tir(cls.ops, (x,), out_sinfo=[R.Tensor((4,), dtype="int32"), R.Tensor((4,), dtype="int32"), R.Tensor((4,), dtype="int32"), R.Tensor((4,), dtype="int32"), R.Tensor((4,), dtype="int32")])
        return y
