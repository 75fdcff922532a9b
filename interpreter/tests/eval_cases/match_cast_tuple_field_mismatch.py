# rule: eval.match-cast eval.match-cast.tuple
# arg: float32 (2,) [1.0, 2.0]
# expect_error: E3001
from tvm.script import ir as I, relax as R, tir as T


# The second field, a shape, does not match a tensor.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(x: R.Tensor((2,), "float32")):
        o = R.call_packed("rlx.make_tuple", x, R.shape([2]), sinfo_args=R.Object)
        t = R.match_cast(o, R.Tuple(R.Tensor((2,), "float32"), R.Tensor((2,), "float32")))
        return t
