# rule: eval.trap.index
# arg: float32 (3,) [4.0, 5.0, 6.0]
# arg: int32 (1,) [-1]
# expect_error: E3007
from tvm.script import ir as I, relax as R, tir as T


# A negative index is outside [0, n) in "fast" mode (no Python-style wrapping).
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((3,), "float32"), i: R.Tensor((1,), "int32")):
        r = R.take(x, i, axis=0, mode="fast")
        return r
