# rule: eval.call.packed eval.limit.depth
# limit: max_call_depth=1
# arg: float32 (2,) [1.0, 2.0]
# expect: [2.0, 3.0]
from tvm.script import ir as I, relax as R, tir as T


# The entry is depth 1; packed calls and op calls do not count, so a limit of 1 suffices.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(x: R.Tensor((2,), "float32")):
        a = R.call_packed("rlx.identity", x, sinfo_args=R.Tensor((2,), "float32"))
        b = R.call_packed("test.add_one", a, sinfo_args=R.Tensor((2,), "float32"))
        c = R.add(b, R.const(0.0, "float32"))
        return c
