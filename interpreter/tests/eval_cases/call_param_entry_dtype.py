# rule: eval.call.param eval.call.boundary
# arg: int32 (2,) [1, 2]
# expect_error: E3002
from tvm.script import ir as I, relax as R, tir as T


# The entry's arguments are checked at its boundary: an int32 tensor for a float32 parameter.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((2,), "float32")):
        return x
