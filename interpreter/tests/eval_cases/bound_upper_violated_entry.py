# rule: eval.bound eval.call.boundary eval.entry
# arg: float32 (5,) [1.0, 2.0, 3.0, 4.0, 5.0]
# expect_error: E3011
from tvm.script import ir as I, relax as R, tir as T


# n = 5 exceeds the declared upper bound 4: checked at the entry's boundary after the
# parameters are matched.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(("n",), "float32")):
        n = T.int64()
        R.func_attr({"tir_var_upper_bound": {"n": 4}})
        return x
