# rule: eval.match-cast eval.match-cast.shape
# arg: shape (2, 7, 1)
# expect: R.shape([2, 7, 1])
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main(s: R.Object):
        t = R.match_cast(s, R.Shape(ndim=-1))
        return t
