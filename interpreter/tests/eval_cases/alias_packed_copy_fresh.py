# rule: eval.alias eval.packed.builtins eval.call.packed
# arg: float32 (2,) [1.0, 2.0]
# expect: ([1.0, 2.0], [2.0, 4.0])
from tvm.script import ir as I, relax as R, tir as T


# vm.builtin.copy makes a fresh tensor; rlx.identity returns its argument itself.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(x: R.Tensor((2,), "float32")):
        c = R.call_packed("vm.builtin.copy", x, sinfo_args=R.Tensor((2,), "float32"))
        _ = R.call_packed("rlx.add_inplace", c, c, sinfo_args=R.Tensor((2,), "float32"))
        return (x, c)
