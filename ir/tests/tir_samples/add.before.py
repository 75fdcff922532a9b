# The un-lowered Relax program of add.py: the op call(s) TVM's LegalizeOps lowered there (apache/tvm
# tests/python/relax/test_transform_legalize_ops_binary.py, test_add). Same main signature;
# compiler/tests/tvm_legalized_test.cc runs both.
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Before:
    @R.function
    def main(x: R.Tensor((1, 2, 3), "float32"), y: R.Tensor((4, 3, 2, 1), "float32")) -> R.Tensor((4, 3, 2, 3), "float32"):
        gv = R.add(x, y)
        return gv
