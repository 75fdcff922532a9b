# rule: eval.num.compound eval.call.op
# arg: float32 (1, 4) [1000.0, 1000.0, 1000.0, 1000.0]
# expect: ([[0.25, 0.25, 0.25, 0.25]], [[-1.0, 1.0]], [[[[2.5]]]], [[[[2]]]])
from tvm.script import ir as I, relax as R, tir as T


# softmax subtracts the maximum first (no overflow of exp(1000)): each 1/4 exactly. layer_norm
# of [1, 3] with epsilon 0: mean 2, variance 1, giving [-1, 1]. avg_pool2d of a 2x2 float window
# [1, 2, 3, 4] is 2.5; of the int32 window [1, 2, 3, 4] the exact mean 2.5 rounded toward zero: 2.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((1, 4), "float32")):
        s = R.nn.softmax(x, axis=-1)
        ln = R.nn.layer_norm(R.const([[1.0, 3.0]], "float32"), R.const([1.0, 1.0], "float32"), R.const([0.0, 0.0], "float32"), axes=[-1], epsilon=0.0)
        ap = R.nn.avg_pool2d(R.const([[[[1.0, 2.0], [3.0, 4.0]]]], "float32"), pool_size=[2, 2])
        ai = R.nn.avg_pool2d(R.const([[[[1, 2], [3, 4]]]], "int32"), pool_size=[2, 2])
        return (s, ln, ap, ai)
