# rule: eval.match-cast eval.match-cast.shape
# arg: shape (2, 7, 1)
# expect_error: E3001
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main(s: R.Shape):
        t = R.match_cast(s, R.Shape(ndim=2))
        return t
