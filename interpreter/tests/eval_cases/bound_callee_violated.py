# rule: eval.bound eval.call.boundary
# arg: float32 (6,) [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
# expect_error: E3011
from tvm.script import ir as I, relax as R, tir as T


# The callee's bound m <= 4 is checked at its boundary on each call: main's n = 6.
@I.ir_module
class Module:
    @R.function
    def small(a: R.Tensor(("m",), "float32")) -> R.Tensor(("m",), "float32"):
        m = T.int64()
        R.func_attr({"tir_var_upper_bound": {"m": 4}})
        return a

    @R.function
    def main(x: R.Tensor(("n",), "float32")):
        r = Module.small(x)
        return r
