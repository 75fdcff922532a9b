# rule: eval.match-cast eval.match-cast.tensor
# arg: float32 (2, 1) [1.0, 2.0]
# expect_error: E3001
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor("float32")):
        y = R.match_cast(x, R.Tensor("float32", ndim=1))
        return y
