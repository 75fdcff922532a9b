# The un-lowered Relax program of relu_symbolic.py: the op call(s) TVM's LegalizeOps lowered there
# (apache/tvm tests/python/relax/test_transform_legalize_ops_nn.py, test_relu_symbolic). Same main
# signature; compiler/tests/tvm_legalized_test.cc runs both.
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Before:
    @R.function
    def main(x: R.Tensor(("m", "n"), "float32")) -> R.Tensor(("m", "n"), "float32"):
        gv = R.nn.relu(x)
        return gv
