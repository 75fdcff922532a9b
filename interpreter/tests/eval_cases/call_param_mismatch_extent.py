# rule: eval.call.param eval.call.boundary eval.runtime-check
# arg: float32 (2,) [1.0, 2.0]
# expect_error: E3002
from tvm.script import ir as I, relax as R, tir as T


# The argument's extent is only "n" statically (L2, a runtime check at the callee's boundary);
# at run time n = 2 and the parameter wants 3.
@I.ir_module
class Module:
    @R.function
    def take3(a: R.Tensor((3,), "float32")) -> R.Tensor((3,), "float32"):
        return a

    @R.function
    def main(x: R.Tensor(("n",), "float32")):
        r = Module.take3(x)
        return r
