# The un-lowered Relax program of expand_dims_symbolic.py: the op call(s) TVM's LegalizeOps lowered
# there (apache/tvm tests/python/relax/test_transform_legalize_ops_manipulate.py,
# test_expand_dims_symbolic). Same main signature; compiler/tests/tvm_legalized_test.cc runs
# both.
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Before:
    @R.function
    def main(x: R.Tensor(("a", "b", "c"), "float32")) -> R.Tensor(("a", 1, "b", 1, "c", 1), "float32"):
        gv = R.expand_dims(x, axis=[1, 3, 5])
        return gv
