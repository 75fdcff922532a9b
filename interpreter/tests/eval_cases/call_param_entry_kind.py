# rule: eval.call.param eval.call.boundary
# arg: shape (2,)
# expect_error: E3002
from tvm.script import ir as I, relax as R, tir as T


# A shape value for a tensor parameter.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((2,), "float32")):
        return x
