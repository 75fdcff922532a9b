# rule: eval.binding.annotation eval.runtime-check
# arg: int32 (2,) [1, 2]
# expect_error: E3004
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(ndim=-1)):
        y: R.Tensor((2,), "float32") = x
        return y
