# rule: eval.bound
# arg: float32 (4,) [1.0, 2.0, 3.0, 4.0]
# expect: [1.0, 2.0, 3.0, 4.0]
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(("n",), "float32")):
        n = T.int64()
        R.func_attr({"tir_var_upper_bound": {"n": 4}})
        return x
