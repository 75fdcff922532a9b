# The un-lowered Relax program of max_pool2d.py: the op call(s) TVM's LegalizeOps lowered there
# (apache/tvm tests/python/relax/test_transform_legalize_ops_nn.py, test_max_pool2d). Same main
# signature; compiler/tests/tvm_legalized_test.cc runs both.
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Before:
    @R.function
    def main(x: R.Tensor((4, 112, 112, 6), "float32")) -> R.Tensor((4, 56, 56, 6), "float32"):
        gv = R.nn.max_pool2d(x, pool_size=[3, 3], strides=[2, 2], padding=[1, 1, 1, 1], layout="NHWC")
        return gv
