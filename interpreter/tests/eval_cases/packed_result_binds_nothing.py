# rule: eval.call.packed
# arg: float32 (3,) [1.0, 2.0, 3.0]
# expect: [1.0, 2.0, 3.0]
from tvm.script import ir as I, relax as R, tir as T


# The sinfo_args' shape variable n is in scope (bound by x), so the result is compared with it.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(x: R.Tensor(("n",), "float32")):
        n = T.int64()
        r = R.call_packed("rlx.identity", x, sinfo_args=R.Tensor((n,), "float32"))
        return r
