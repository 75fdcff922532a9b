# rule: eval.match-cast eval.match-cast.shape
# arg: int64 (2,) [2, 7]
# expect_error: E3001
from tvm.script import ir as I, relax as R, tir as T


# A tensor of int64 is not a shape value.
@I.ir_module
class Module:
    @R.function
    def main(s: R.Object):
        t = R.match_cast(s, R.Shape(ndim=1))
        return t
