# rule: eval.match-cast eval.match-cast.tensor
# arg: shape (2,)
# expect_error: E3001
from tvm.script import ir as I, relax as R, tir as T


# A shape value is not a tensor (pass 1: kinds).
@I.ir_module
class Module:
    @R.function
    def main(x: R.Object):
        y = R.match_cast(x, R.Tensor(ndim=-1))
        return y
