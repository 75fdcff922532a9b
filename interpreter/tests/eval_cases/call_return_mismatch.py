# rule: eval.call.return eval.call.boundary eval.runtime-check
# arg: float32 (2, 2) [1.0, 2.0, 3.0, 4.0]
# expect_error: E3003
from tvm.script import ir as I, relax as R, tir as T


# The body's value is only known as R.Tensor(ndim=-1) statically, so the return annotation is
# checked at run time: a rank-2 tensor is not R.Tensor((4,), "float32").
@I.ir_module
class Module:
    @R.function
    def erase(a: R.Tensor(ndim=-1)) -> R.Tensor((4,), "float32"):
        return a

    @R.function
    def main(x: R.Tensor((2, 2), "float32")):
        r = Module.erase(x)
        return r
