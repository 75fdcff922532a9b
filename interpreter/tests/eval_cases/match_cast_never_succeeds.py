# rule: eval.checked eval.match-cast eval.runtime-check
# arg: float32 (2,) [1.0, 2.0]
# expect_error: E3001
from tvm.script import ir as I, relax as R, tir as T


# The checker warns (E2009) that this cast can never succeed; the module is still evaluated and
# the cast traps when it is reached.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((2,), "float32")):
        y = R.match_cast(x, R.Tensor((3,), "float32"))
        return y
