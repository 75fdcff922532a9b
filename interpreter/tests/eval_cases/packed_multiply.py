# rule: eval.packed.builtins eval.call.packed
# arg: int32 (3,) [1, -2, 3]
# arg: int32 () [4]
# expect: [4, -8, 12]
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function(pure=False)
    def main(a: R.Tensor((3,), "int32"), b: R.Tensor((), "int32")):
        r = R.call_packed("rlx.multiply", a, b, sinfo_args=R.Tensor((3,), "int32"))
        return r
