# The un-lowered Relax program of arange_symbolic.py: the op call(s) TVM's LegalizeOps lowered there
# (apache/tvm tests/python/relax/test_transform_legalize_ops_create_datatype.py,
# test_arange_symbolic). Same main signature; compiler/tests/tvm_legalized_test.cc runs both.
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Before:
    @R.function
    def main(x: R.Tensor(["n"], "float32")):
        n = T.int64()
        gv = R.arange(1, n, 2, dtype="int64")
        return gv
