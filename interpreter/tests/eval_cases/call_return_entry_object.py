# rule: eval.call.return eval.entry
# arg: float32 (2,) [1.0, 2.0]
# expect_error: E3003
from tvm.script import ir as I, relax as R, tir as T


# The entry's result is checked against its return annotation (E3003): a tensor is not a shape.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(x: R.Tensor((2,), "float32")) -> R.Shape(ndim=1):
        o = R.call_packed("rlx.identity", x, sinfo_args=R.Object)
        return o
