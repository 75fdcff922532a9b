# The un-lowered Relax program of take.py: the op call(s) TVM's LegalizeOps lowered there
# (apache/tvm tests/python/relax/test_transform_legalize_ops_index_linear_algebra.py, test_take).
# Same main signature; compiler/tests/tvm_legalized_test.cc runs both.
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Before:
    @R.function
    def main(x: R.Tensor((2, 3, 4), "float32"), indices: R.Tensor((4,), "int64")) -> R.Tensor((2, 4, 4), "float32"):
        gv = R.take(x, indices, axis=1)
        return gv
