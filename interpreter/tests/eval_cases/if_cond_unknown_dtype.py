# rule: eval.if.cond
# arg: int32 () [1]
# expect_error: E3013
from tvm.script import ir as I, relax as R, tir as T


# A 0-d tensor of unknown dtype is accepted statically; an int32 0-d tensor is not a bool one.
@I.ir_module
class Module:
    @R.function
    def main(c: R.Tensor(ndim=0)):
        if c:
            r = R.prim_value(1)
        else:
            r = R.prim_value(2)
        return r
