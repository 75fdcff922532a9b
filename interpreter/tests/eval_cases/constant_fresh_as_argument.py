# rule: eval.constant eval.alias eval.packed.builtins
# arg: float32 (2,) [0.5, 0.5]
# expect: ([1.5, 2.5], [1.5, 2.5])
from tvm.script import ir as I, relax as R, tir as T


# The constant argument of the in-place call is evaluated afresh at each call of step(), so
# both calls start from [1.0, 2.0] and give [1.5, 2.5]; with a shared constant the second
# would give [2.0, 3.0].
@I.ir_module
class Module:
    @R.function(pure=False)
    def step(b: R.Tensor((2,), "float32")) -> R.Tensor((2,), "float32"):
        r = R.call_packed("rlx.add_inplace", R.const([1.0, 2.0], "float32"), b, sinfo_args=R.Tensor((2,), "float32"))
        return r

    @R.function(pure=False)
    def main(b: R.Tensor((2,), "float32")):
        first = Module.step(b)
        second = Module.step(b)
        return (first, second)
