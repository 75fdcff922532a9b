# The un-lowered Relax program of strided_slice_symbolic_sliced_axis.py: the op call(s) TVM's
# LegalizeOps lowered there (apache/tvm
# tests/python/relax/test_transform_legalize_ops_index_linear_algebra.py,
# test_strided_slice_symbolic_sliced_axis). Same main signature;
# compiler/tests/tvm_legalized_test.cc runs both.
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Before:
    @R.function
    def main(x: R.Tensor(("m", "n"), dtype="float32")) -> R.Tensor((3, "n"), dtype="float32"):
        gv = R.strided_slice(x, axes=[0], begin=[1], end=[8], strides=[3])
        return gv
