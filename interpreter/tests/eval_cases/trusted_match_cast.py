# rule: eval.trusted eval.match-cast eval.runtime-check
# arg: float32 (3,) [1.0, 2.0, 3.0]
# expect_error: E3001
from tvm.script import ir as I, relax as R, tir as T


# The checker proves this cast always succeeds from the trusted struct info, but the interpreter
# performs every check on the run-time value (eval.runtime-check): extent 3 is not 2.
@I.ir_module
class Module:
    two = R.ExternFunc("rlx.identity", R.Callable((R.Object,), R.Tensor((2,), "float32"), False))

    @R.function(pure=False)
    def main(x: R.Tensor((3,), "float32")):
        y = Module.two(x)
        z = R.match_cast(y, R.Tensor((2,), "float32"))
        return z
