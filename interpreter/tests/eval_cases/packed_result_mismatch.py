# rule: eval.call.packed eval.packed.fail
# arg: float32 (2,) [1.0, 2.0]
# expect_error: E3010
from tvm.script import ir as I, relax as R, tir as T


# The result of a packed call is matched against its sinfo_args; a mismatch (extent 2 vs 3)
# traps E3010, not E3001.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(x: R.Tensor((2,), "float32")):
        r = R.call_packed("rlx.identity", x, sinfo_args=R.Tensor((3,), "float32"))
        return r
