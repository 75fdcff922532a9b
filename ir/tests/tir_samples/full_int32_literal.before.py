# The un-lowered Relax program of full_int32_literal.py: the op call(s) TVM's LegalizeOps lowered
# there (apache/tvm tests/python/relax/test_transform_legalize_ops_create_datatype.py,
# test_full_constant_scalar_fill_value). Same main signature;
# compiler/tests/tvm_legalized_test.cc runs both.
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Before:
    @R.function
    def main() -> R.Tensor((2, 3), "int32"):
        gv = R.full(R.shape([2, 3]), R.const(3, "int32"), "int32")
        return gv
