# rule: eval.alias eval.var eval.binding.var eval.value.tensor eval.packed.builtins
# arg: float32 (2,) [1.0, 2.0]
# arg: float32 (2,) [0.5, 0.5]
# expect_print: [1.5, 2.5] [1.5, 2.5]
# expect: [1.5, 2.5]
from tvm.script import ir as I, relax as R, tir as T


# The example of eval.alias: c and a are one tensor, so the in-place packed function changes a.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(a: R.Tensor((2,), "float32"), b: R.Tensor((2,), "float32")):
        c = a
        d = R.call_packed("rlx.add_inplace", c, b, sinfo_args=R.Tensor((2,), "float32"))
        R.print(a, d, format="{} {}")
        return a
