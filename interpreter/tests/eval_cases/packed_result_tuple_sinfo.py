# rule: eval.call.packed eval.packed.builtins
# arg: float32 (2,) [1.0, 2.0]
# expect: ([1.0, 2.0], R.shape([2]))
from tvm.script import ir as I, relax as R, tir as T


# Several sinfo_args describe a Tuple of them; the result matches.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(x: R.Tensor((2,), "float32")):
        r = R.call_packed("rlx.make_tuple", x, R.shape([2]), sinfo_args=[R.Tensor((2,), "float32"), R.Shape([2])])
        return r
