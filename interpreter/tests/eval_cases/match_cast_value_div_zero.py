# rule: eval.match-cast eval.trap.div-zero eval.match-cast.tuple
# arg: float32 (4,) [1.0, 2.0, 3.0, 4.0]
# arg: float32 (0,) []
# expect_error: E3006
from tvm.script import ir as I, relax as R, tir as T


# The structure matches; pass 2 binds m = 0 (from the second field); pass 3 evaluates 4 // m,
# a division by zero, which traps with its own code E3006, not as a mismatch.
@I.ir_module
class Module:
    @R.function
    def main(a: R.Tensor("float32", ndim=1), b: R.Tensor("float32", ndim=1)):
        m = T.int64()
        t = R.match_cast((a, b), R.Tuple(R.Tensor((4 // m,), "float32"), R.Tensor((m,), "float32")))
        return t
