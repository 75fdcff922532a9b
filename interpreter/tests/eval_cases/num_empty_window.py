# rule: eval.num.empty-window eval.call.op
# arg: float32 (1, 1, 1, 1) [5.0]
# expect: ([[[[-inf, -inf, -inf], [-inf, 5.0, -inf], [-inf, -inf, -inf]]]], [[[[nan, nan, nan], [nan, 5.0, nan], [nan, nan, nan]]]], [[[[-128, -128, -128], [-128, 7, -128], [-128, -128, -128]]]])
from tvm.script import ir as I, relax as R, tir as T


# A 1x1 window with padding 1 on a 1x1 input: every window but the centre covers only padding.
# max_pool2d gives the lowest value of the dtype (-inf, int8 -128); avg_pool2d with
# count_include_pad false has no tap to count: NaN for floats.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((1, 1, 1, 1), "float32")):
        m = R.nn.max_pool2d(x, pool_size=[1, 1], padding=[1, 1])
        a = R.nn.avg_pool2d(x, pool_size=[1, 1], padding=[1, 1], count_include_pad=False)
        mi = R.nn.max_pool2d(R.const([[[[7]]]], "int8"), pool_size=[1, 1], padding=[1, 1])
        return (m, a, mi)
