# rule: eval.call.packed eval.packed.fail
# arg: float32 (2,) [1.0, 2.0]
# expect_error: E3010
from tvm.script import ir as I, relax as R, tir as T


# The second field of the result, R.shape([2]), does not match R.Shape([3]).
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(x: R.Tensor((2,), "float32")):
        r = R.call_packed("rlx.make_tuple", x, R.shape([2]), sinfo_args=[R.Tensor((2,), "float32"), R.Shape([3])])
        return r
