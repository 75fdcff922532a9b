# The un-lowered Relax program of tril_symbolic.py: the op call(s) TVM's LegalizeOps lowered there
# (apache/tvm tests/python/relax/test_transform_legalize_ops_create_datatype.py,
# test_tril_symbolic). Same main signature; compiler/tests/tvm_legalized_test.cc runs both.
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Before:
    @R.function
    def main(x: R.Tensor(("m", "n", "k"), "int8")) -> R.Tensor(("m", "n", "k"), "int8"):
        gv = R.tril(x, k=-2)
        return gv
