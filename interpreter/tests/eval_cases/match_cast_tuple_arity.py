# rule: eval.match-cast eval.match-cast.tuple
# arg: float32 (2,) [1.0, 2.0]
# expect_error: E3001
from tvm.script import ir as I, relax as R, tir as T


# A tuple of two fields does not match Tuple of three.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(x: R.Tensor((2,), "float32")):
        o = R.call_packed("rlx.make_tuple", x, x, sinfo_args=R.Object)
        t = R.match_cast(o, R.Tuple(R.Object, R.Object, R.Object))
        return t
