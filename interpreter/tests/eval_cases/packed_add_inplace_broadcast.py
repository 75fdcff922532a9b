# rule: eval.packed.builtins eval.alias
# arg: int32 (2, 2) [1, 2, 3, 4]
# arg: int32 (2,) [10, 20]
# expect: ([[11, 22], [13, 24]], [[11, 22], [13, 24]])
from tvm.script import ir as I, relax as R, tir as T


# rlx.add_inplace writes a + b (b broadcast to a's shape) into a and returns a itself.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(a: R.Tensor((2, 2), "int32"), b: R.Tensor((2,), "int32")):
        r = R.call_packed("rlx.add_inplace", a, b, sinfo_args=R.Tensor((2, 2), "int32"))
        return (a, r)
