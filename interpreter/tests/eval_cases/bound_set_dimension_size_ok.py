# rule: eval.call.op eval.bound
# arg: float32 (3, 2) [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
# arg: prim int64 2
# expect: ([[1.0, 2.0], [3.0, 4.0]], 3)
from tvm.script import ir as I, relax as R, tir as T


# The bounded_dims example: get_dimension_size reads extent 0 (3), set_dimension_size keeps the
# first 2 rows.
@I.ir_module
class Module:
    @R.function
    def main(tokens: R.Tensor(("n", 2), "float32"), valid: R.Prim("int64")):
        n = T.int64()
        R.func_attr({"tir_var_upper_bound": {"n": 512}, "tir_var_lower_bound": {"n": 1}})
        size = R.get_dimension_size(tokens, axis=0)
        narrowed = R.set_dimension_size(tokens, valid, axis=0)
        return (narrowed, size)
