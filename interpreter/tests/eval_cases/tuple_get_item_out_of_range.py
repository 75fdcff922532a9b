# rule: eval.tuple-get-item eval.trusted eval.trap.value
# arg: float32 (2,) [1.0, 2.0]
# expect_error: E3012
from tvm.script import ir as I, relax as R, tir as T


# The trusted struct info claims two fields; rlx.make_tuple of one argument gives a tuple of one
# field: t[1] traps E3012 (t[0] works).
@I.ir_module
class Module:
    pair = R.ExternFunc("rlx.make_tuple", R.Callable((R.Object,), R.Tuple(R.Tensor((2,), "float32"), R.Tensor((2,), "float32")), False))

    @R.function(pure=False)
    def main(x: R.Tensor((2,), "float32")):
        t = Module.pair(x)
        a = t[0]
        b = t[1]
        return b
