# rule: eval.trap.value eval.call.op
# arg: int32 (2,) [3, -1]
# expect_error: E3012
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main(t: R.Tensor((2,), "int32")):
        s = R.tensor_to_shape(t)
        return s
