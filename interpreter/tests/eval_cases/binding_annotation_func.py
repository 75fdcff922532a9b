# rule: eval.binding.annotation eval.match-cast.func eval.call.boundary
# arg: float32 (2,) [1.0, 2.0]
# expect: <function helper>
from tvm.script import ir as I, relax as R, tir as T


# An annotation with a Callable checks only that the value is a function.
@I.ir_module
class Module:
    @R.function
    def helper(a: R.Tensor((2,), "float32")) -> R.Tensor((2,), "float32"):
        return a

    @R.function(pure=False)
    def main(x: R.Tensor((2,), "float32")):
        o = R.call_packed("rlx.identity", Module.helper, sinfo_args=R.Object)
        f: R.Callable((R.Tensor((2,), "float32"),), R.Tensor((2,), "float32"), True) = o
        return f
