# rule: eval.alias eval.packed.builtins eval.call.packed
# arg: float32 (2,) [1.0, 2.0]
# expect: ([3.0, 6.0], [3.0, 6.0])
from tvm.script import ir as I, relax as R, tir as T


# rlx.identity and test.identity return the argument itself (shared). The first write doubles
# x through i1 (x = [2.0, 4.0]); the second adds [1.0, 2.0] through i2 (x = [3.0, 6.0]); x and
# i1 are one tensor.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(x: R.Tensor((2,), "float32")):
        i1 = R.call_packed("rlx.identity", x, sinfo_args=R.Tensor((2,), "float32"))
        _ = R.call_packed("rlx.add_inplace", i1, i1, sinfo_args=R.Tensor((2,), "float32"))
        i2 = R.call_packed("test.identity", x, sinfo_args=R.Tensor((2,), "float32"))
        k = R.const([1.0, 2.0], "float32")
        _ = R.call_packed("rlx.add_inplace", i2, k, sinfo_args=R.Tensor((2,), "float32"))
        return (x, i1)
