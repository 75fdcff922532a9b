# rule: eval.num.int-div-zero eval.call.op
# arg: int32 (3,) [-2147483648, -7, 7]
# arg: int32 (3,) [-1, 2, -2]
# expect: ([-2147483648, -3, -3], [-2147483648, -4, -4], [0, 1, -1], [0, -1, 1])
from tvm.script import ir as I, relax as R, tir as T


# The smallest int32 divided by -1 wraps to itself in divide and floor_divide; its remainder is
# 0 in floor_mod and mod. divide truncates toward zero, floor_divide rounds down.
@I.ir_module
class Module:
    @R.function
    def main(a: R.Tensor((3,), "int32"), b: R.Tensor((3,), "int32")):
        d = R.divide(a, b)
        f = R.floor_divide(a, b)
        fm = R.floor_mod(a, b)
        m = R.mod(a, b)
        return (d, f, fm, m)
