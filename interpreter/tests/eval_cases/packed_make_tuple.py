# rule: eval.packed.builtins eval.alias eval.value.tuple
# arg: float32 (1,) [1.0]
# expect: (([2.0], 3, hi), ())
from tvm.script import ir as I, relax as R, tir as T


# rlx.make_tuple holds its arguments shared: a write into x is seen through the tuple.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(x: R.Tensor((1,), "float32")):
        t = R.call_packed("rlx.make_tuple", x, R.prim_value(3), R.str("hi"), sinfo_args=R.Object)
        e = R.call_packed("rlx.make_tuple", sinfo_args=R.Tuple)
        _ = R.call_packed("rlx.add_inplace", x, x, sinfo_args=R.Tensor((1,), "float32"))
        return (t, e)
