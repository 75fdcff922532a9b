# rule: eval.packed.fail eval.packed.builtins
# arg: float32 (2,) [1.0, 2.0]
# expect_error: E3010
from tvm.script import ir as I, relax as R, tir as T


# A builtin called with a number of arguments its entry does not allow reports an error.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(x: R.Tensor((2,), "float32")):
        r = R.call_packed("rlx.identity", x, x, sinfo_args=R.Object)
        return r
