# The un-lowered Relax program of avg_pool2d.py: the op call(s) TVM's LegalizeOps lowered there
# (apache/tvm tests/python/relax/test_transform_legalize_ops_nn.py, test_avg_pool2d). Same main
# signature; compiler/tests/tvm_legalized_test.cc runs both. count_include_pad=True is explicit:
# TVM's test leaves it at its default (False), but the lowering at the sample's commit divides every
# window by its extent clipped to the padded input (min(1, 112 - 2 * ax) + 2 rows: 3 at the border),
# which is what count_include_pad=True means.
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Before:
    @R.function
    def main(x: R.Tensor((4, 112, 112, 6), dtype="float32")) -> R.Tensor((4, 56, 56, 6), dtype="float32"):
        gv = R.nn.avg_pool2d(x, pool_size=[3, 3], strides=[2, 2], padding=[1, 1, 1, 1], count_include_pad=True, layout="NHWC")
        return gv
