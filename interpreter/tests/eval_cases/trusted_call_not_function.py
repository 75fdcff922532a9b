# rule: eval.call eval.trusted eval.trap.value
# arg: float32 (2,) [1.0, 2.0]
# expect_error: E3012
from tvm.script import ir as I, relax as R, tir as T


# The trusted struct info says the result is a function; it is a tensor: calling it traps E3012.
@I.ir_module
class Module:
    getf = R.ExternFunc("rlx.identity", R.Callable((R.Object,), R.Callable((R.Tensor((2,), "float32"),), R.Tensor((2,), "float32"), True), False))

    @R.function(pure=False)
    def main(x: R.Tensor((2,), "float32")):
        g = Module.getf(x)
        r = g(x)
        return r
