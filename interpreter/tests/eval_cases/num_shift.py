# rule: eval.num.shift eval.call.op
# arg: int32 (4,) [1, 1, 1, 64]
# arg: int32 (4,) [40, -1, 31, 1]
# expect: ([0, 0, -2147483648, 128], [0, 0, 0, 32], [-1, -1, -4], [0])
from tvm.script import ir as I, relax as R, tir as T


# A count outside [0, bits): left_shift gives 0; right_shift gives 0 for a non-negative x and
# -1 for a negative x (signed); the unsigned right shift by 9 of a uint8 gives 0.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((4,), "int32"), c: R.Tensor((4,), "int32")):
        l = R.left_shift(x, c)
        r = R.right_shift(x, c)
        rn = R.right_shift(R.const([-8, -8, -8], "int32"), R.const([40, -3, 1], "int32"))
        ru = R.right_shift(R.const([200], "uint8"), R.const([9], "uint8"))
        return (l, r, rn, ru)
