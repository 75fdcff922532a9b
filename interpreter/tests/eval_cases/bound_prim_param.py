# rule: eval.bound
# arg: prim int64 -1
# expect_error: E3011
from tvm.script import ir as I, relax as R, tir as T


# A signature variable bound by a Prim parameter, with a lower bound 0.
@I.ir_module
class Module:
    @R.function
    def main(p: R.Prim(value="k")):
        k = T.int64()
        R.func_attr({"tir_var_lower_bound": {"k": 0}})
        return p
