# The un-lowered Relax program of gelu_tanh_symbolic.py: the op call(s) TVM's LegalizeOps lowered
# there (apache/tvm tests/python/relax/test_transform_legalize_ops_nn.py, test_gelu_tanh_symbolic).
# Same main signature; compiler/tests/tvm_legalized_test.cc runs both. The sample's lowering (TVM
# at that commit) leaves out gelu_tanh's factor x; the test checks the lowered result times x
# against this program.
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Before:
    @R.function
    def main(x: R.Tensor(("m", "n"), dtype="float32")) -> R.Tensor(("m", "n"), dtype="float32"):
        gv = R.nn.gelu_tanh(x)
        return gv
