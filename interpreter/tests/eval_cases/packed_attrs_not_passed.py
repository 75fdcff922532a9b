# rule: eval.call.packed
# arg: float32 (2,) [1.0, 2.0]
# expect: [1.0, 2.0]
from tvm.script import ir as I, relax as R, tir as T


# The call's attributes are not passed: rlx.identity receives exactly one argument.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(x: R.Tensor((2,), "float32")):
        r = R.call_packed("rlx.identity", x, extra=1, sinfo_args=R.Tensor((2,), "float32"))
        return r
