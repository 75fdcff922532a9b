# rule: eval.trusted eval.call.param eval.call.boundary eval.runtime-check
# arg: float32 (3,) [1.0, 2.0, 3.0]
# expect_error: E3002
from tvm.script import ir as I, relax as R, tir as T


# The callee's parameter check passes statically (the trusted struct info says (2,)) but is
# performed at the callee's boundary on the value, of extent 3.
@I.ir_module
class Module:
    two = R.ExternFunc("rlx.identity", R.Callable((R.Object,), R.Tensor((2,), "float32"), False))

    @R.function
    def take2(a: R.Tensor((2,), "float32")) -> R.Tensor((2,), "float32"):
        return a

    @R.function(pure=False)
    def main(x: R.Tensor((3,), "float32")):
        y = Module.two(x)
        r = Module.take2(y)
        return r
