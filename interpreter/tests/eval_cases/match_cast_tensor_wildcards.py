# rule: eval.match-cast eval.match-cast.tensor eval.match-cast.object
# arg: int8 (2, 2, 1) [1, 2, 3, 4]
# expect: [[[1], [2]], [[3], [4]]]
from tvm.script import ir as I, relax as R, tir as T


# dtype void and ndim -1 match anything of their kind; Object matches every value.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Object):
        a = R.match_cast(x, R.Object)
        b = R.match_cast(a, R.Tensor(ndim=-1))
        c = R.match_cast(b, R.Tensor(ndim=3))
        d = R.match_cast(c, R.Tensor("int8"))
        return d
