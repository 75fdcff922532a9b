# The un-lowered Relax program of strided_slice.py: the op call(s) TVM's LegalizeOps lowered there
# (apache/tvm tests/python/relax/test_transform_legalize_ops_index_linear_algebra.py,
# test_strided_slice). Same main signature; compiler/tests/tvm_legalized_test.cc runs both.
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Before:
    @R.function
    def main(x: R.Tensor((8, 9, 10, 10), dtype="float32")) -> R.Tensor((4, 9, 10, 3), dtype="float32"):
        gv = R.strided_slice(x, axes=[0, 3], begin=[1, 8], end=[8, 0], strides=[2, -3])
        return gv
