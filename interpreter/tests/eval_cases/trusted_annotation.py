# rule: eval.trusted eval.binding.annotation
# arg: float32 (3,) [1.0, 2.0, 3.0]
# expect_error: E3004
from tvm.script import ir as I, relax as R, tir as T


# The trusted struct info says "(2,)"; the annotation of y repeats it, so the checker proves
# nothing is left to check, but the interpreter checks the value (extent 3) and traps E3004.
@I.ir_module
class Module:
    two = R.ExternFunc("rlx.identity", R.Callable((R.Object,), R.Tensor((2,), "float32"), False))

    @R.function(pure=False)
    def main(x: R.Tensor((3,), "float32")):
        y: R.Tensor((2,), "float32") = Module.two(x)
        return y
