# rule: eval.trap.index
# arg: float32 (0,) []
# arg: int64 (1,) [0]
# expect_error: E3007
from tvm.script import ir as I, relax as R, tir as T


# With n = 0 no index is valid, even in "clip" mode.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((0,), "float32"), i: R.Tensor((1,), "int64")):
        r = R.take(x, i, axis=0, mode="clip")
        return r
