# rule: eval.if eval.seq eval.match-cast
# arg: bool () [true]
# arg: float32 (2, 3) [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
# expect: R.shape([6])
from tvm.script import ir as I, relax as R, tir as T


# A MatchCast inside a branch binds shape variables for the rest of the branch.
@I.ir_module
class Module:
    @R.function
    def main(c: R.Tensor((), "bool"), x: R.Tensor("float32", ndim=2)):
        if c:
            a = T.int64()
            b = T.int64()
            y = R.match_cast(x, R.Tensor((a, b), "float32"))
            r = R.shape([a * b])
        else:
            r = R.shape([0])
        return r
