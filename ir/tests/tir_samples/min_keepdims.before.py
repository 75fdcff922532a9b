# The un-lowered Relax program of min_keepdims.py: the op call(s) TVM's LegalizeOps lowered there
# (apache/tvm tests/python/relax/test_transform_legalize_ops_search_statistical.py, test_min). Same
# main signature; compiler/tests/tvm_legalized_test.cc runs both.
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Before:
    @R.function
    def main(x: R.Tensor((2, 3, 4, 5), "float32")) -> R.Tensor((2, 1, 1, 5), "float32"):
        gv = R.min(x, axis=[1, 2], keepdims=True)
        return gv
