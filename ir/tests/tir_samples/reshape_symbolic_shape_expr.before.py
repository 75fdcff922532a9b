# The un-lowered Relax program of reshape_symbolic_shape_expr.py: the op call(s) TVM's LegalizeOps
# lowered there (apache/tvm tests/python/relax/test_transform_legalize_ops_manipulate.py,
# test_reshape_symbolic). Same main signature; compiler/tests/tvm_legalized_test.cc runs both.
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Before:
    @R.function
    def main(
        x: R.Tensor((10, "b"), dtype="float32")
    ) -> R.Tensor((5, "b * 2"), dtype="float32"):
        b = T.int64()
        lv: R.Shape([5, b * 2]) = R.shape([5, b * 2])
        gv = R.reshape(x, lv)
        return gv
