# rule: eval.num.int-power eval.call.op
# arg: int32 (6,) [2, 1, -1, -1, 3, 0]
# arg: int32 (6,) [31, -5, -3, -4, -2, 0]
# expect: [-2147483648, 1, -1, 1, 0, 1]
from tvm.script import ir as I, relax as R, tir as T


# 2^31 wraps to -2^31; 1^-5 = 1; (-1)^-3 = -1; (-1)^-4 = 1; 3^-2 = 0 (1/9 truncated); 0^0 = 1.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((6,), "int32"), e: R.Tensor((6,), "int32")):
        p = R.power(x, e)
        return p
