# rule: eval.match-cast eval.match-cast.tuple
# arg: float32 (2,) [1.0, 2.0]
# expect_error: E3001
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main(x: R.Object):
        t = R.match_cast(x, R.Tuple(R.Object))
        return t
