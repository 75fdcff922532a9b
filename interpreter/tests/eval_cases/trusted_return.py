# rule: eval.trusted eval.call.return eval.runtime-check
# arg: float32 (3,) [1.0, 2.0, 3.0]
# expect_error: E3003
from tvm.script import ir as I, relax as R, tir as T


# The return annotation is proven from the trusted struct info but checked at run time.
@I.ir_module
class Module:
    two = R.ExternFunc("rlx.identity", R.Callable((R.Object,), R.Tensor((2,), "float32"), False))

    @R.function(pure=False)
    def main(x: R.Tensor((3,), "float32")) -> R.Tensor((2,), "float32"):
        y = Module.two(x)
        return y
