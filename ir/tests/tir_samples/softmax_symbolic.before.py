# The un-lowered Relax program of softmax_symbolic.py: the op call(s) TVM's LegalizeOps lowered
# there (apache/tvm tests/python/relax/test_transform_legalize_ops_nn.py, test_softmax_symbolic).
# Same main signature; compiler/tests/tvm_legalized_test.cc runs both.
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Before:
    @R.function
    def main(x: R.Tensor(("a", "b", "c"), "float32")) -> R.Tensor(("a", "b", "c"), "float32"):
        gv = R.nn.softmax(x)
        return gv
