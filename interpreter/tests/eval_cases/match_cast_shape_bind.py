# rule: eval.match-cast eval.match-cast.shape
# arg: shape (2, 7)
# expect: R.shape([9, -5])
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main(s: R.Shape):
        a = T.int64()
        b = T.int64()
        t = R.match_cast(s, R.Shape([a, b]))
        r = R.shape([a + b, a - b])
        return r
