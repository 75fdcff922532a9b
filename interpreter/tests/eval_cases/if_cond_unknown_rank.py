# rule: eval.if.cond eval.runtime-check
# arg: bool (2,) [true, false]
# expect_error: E3013
from tvm.script import ir as I, relax as R, tir as T


# A bool tensor of unknown rank is accepted statically (checked at run time); a rank-1 value is
# not a scalar.
@I.ir_module
class Module:
    @R.function
    def main(c: R.Tensor("bool", ndim=-1)):
        if c:
            r = R.prim_value(1)
        else:
            r = R.prim_value(2)
        return r
