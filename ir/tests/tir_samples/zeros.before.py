# The un-lowered Relax program of zeros.py: the op call(s) TVM's LegalizeOps lowered there
# (apache/tvm tests/python/relax/test_transform_legalize_ops_create_datatype.py, test_zeros). Same
# main signature; compiler/tests/tvm_legalized_test.cc runs both.
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Before:
    @R.function
    def main() -> R.Tensor((2, 3), "float32"):
        gv = R.zeros(R.shape([2, 3]), "float32")
        return gv
