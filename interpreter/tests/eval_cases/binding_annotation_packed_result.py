# rule: eval.binding.annotation eval.call.packed
# arg: float32 (2,) [1.0, 2.0]
# expect_error: E3004
from tvm.script import ir as I, relax as R, tir as T


# The packed call's result is Object (sinfo_args); the variable's annotation is then checked
# against the value: a (2,) tensor is not (3,). (The call's own sinfo_args check passes.)
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(x: R.Tensor((2,), "float32")):
        y: R.Tensor((3,), "float32") = R.call_packed("rlx.identity", x, sinfo_args=R.Object)
        return y
