# rule: eval.call.return eval.match-cast
# arg: float32 (3,) [1.0, 2.0, 3.0]
# expect_error: E3003
from tvm.script import ir as I, relax as R, tir as T


# The return annotation (n + 1,) uses the signature variable n = 3; the body returns x of
# extent 3, not 4. The value is erased first so the checker cannot see the mismatch statically.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(x: R.Tensor(("n",), "float32")) -> R.Tensor(("n + 1",), "float32"):
        n = T.int64()
        o = R.call_packed("rlx.identity", x, sinfo_args=R.Object)
        y = R.match_cast(o, R.Tensor(dtype="float32", ndim=1))
        return y
