# rule: eval.num.empty-window eval.trap.div-zero
# arg: int32 (1, 1, 1, 1) [5]
# expect_error: E3006
from tvm.script import ir as I, relax as R, tir as T


# An integer average of a window with no tap to count is a division by zero.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((1, 1, 1, 1), "int32")):
        a = R.nn.avg_pool2d(x, pool_size=[1, 1], padding=[1, 1], count_include_pad=False)
        return a
