# rule: eval.match-cast eval.match-cast.func
# arg: float32 (2,) [1.0, 2.0]
# expect: <function helper>
from tvm.script import ir as I, relax as R, tir as T


# Callable requires a closure or a packed function; nothing else is checked: the Callable's
# params (a shape) do not match helper's (a tensor), but a function cannot be inspected.
@I.ir_module
class Module:
    @R.function
    def helper(a: R.Tensor((2,), "float32")) -> R.Tensor((2,), "float32"):
        return a

    @R.function(pure=False)
    def main(x: R.Tensor((2,), "float32")):
        o = R.call_packed("rlx.identity", Module.helper, sinfo_args=R.Object)
        f = R.match_cast(o, R.Callable((R.Shape(ndim=3),), R.Shape(ndim=3), True))
        return f
