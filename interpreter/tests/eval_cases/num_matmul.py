# rule: eval.num.matmul eval.call.op
# arg: int8 (1, 2) [100, 100]
# arg: int8 (2, 1) [2, 2]
# expect: ([[-112]], [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]], [[1.0]], [[False], [True]])
from tvm.script import ir as I, relax as R, tir as T


# Integers: 64-bit wrapping products and sum, wrapped to int8 (400 -> -112). A reduction length
# of 0 gives +0.0. Floats: products and sum in float64, rounded once (1e8 + 1 - 1e8 = 1.0).
# bool: logical or of the ands.
@I.ir_module
class Module:
    @R.function
    def main(a: R.Tensor((1, 2), "int8"), b: R.Tensor((2, 1), "int8")):
        i = R.matmul(a, b)
        z = R.matmul(R.zeros(R.shape([2, 0]), dtype="float32"), R.zeros(R.shape([0, 3]), dtype="float32"))
        f = R.matmul(R.const([[100000000.0, 1.0, -100000000.0]], "float32"), R.const([[1.0], [1.0], [1.0]], "float32"))
        bo = R.matmul(R.const([[True, False], [False, True]], "bool"), R.const([[False], [True]], "bool"))
        return (i, z, f, bo)
