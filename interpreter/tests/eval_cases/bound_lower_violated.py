# rule: eval.bound
# arg: float32 (0, 16) []
# expect_error: E3011
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main(tokens: R.Tensor(("n", 16), "float32")):
        n = T.int64()
        R.func_attr({"tir_var_upper_bound": {"n": 512}, "tir_var_lower_bound": {"n": 1}})
        return tokens
