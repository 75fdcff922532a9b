# rule: eval.packed.builtins eval.call.packed eval.packed.registry
# arg: float32 (2,) [1.0, 2.0]
# arg: float32 (2, 1) [10.0, 20.0]
# expect: [[11.0, 12.0], [21.0, 22.0]]
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function(pure=False)
    def main(a: R.Tensor((2,), "float32"), b: R.Tensor((2, 1), "float32")):
        r = R.call_packed("rlx.add", a, b, sinfo_args=R.Tensor((2, 2), "float32"))
        return r
