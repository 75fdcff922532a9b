# rule: eval.tuple-get-item eval.trusted eval.trap.value
# arg: float32 (2,) [1.0, 2.0]
# expect_error: E3012
from tvm.script import ir as I, relax as R, tir as T


# The ExternFunc's struct info (trusted) claims a tuple result, but rlx.identity returns the
# tensor itself: projecting a field of a value that is not a tuple traps E3012.
@I.ir_module
class Module:
    pair = R.ExternFunc("rlx.identity", R.Callable((R.Object,), R.Tuple(R.Tensor((2,), "float32"), R.Tensor((2,), "float32")), False))

    @R.function(pure=False)
    def main(x: R.Tensor((2,), "float32")):
        t = Module.pair(x)
        a = t[0]
        return a
