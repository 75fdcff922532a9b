# rule: eval.call.param eval.call.boundary eval.match-cast.func
# arg: float32 (2,) [1.0, 2.0]
# expect_error: E3002
from tvm.script import ir as I, relax as R, tir as T


# Seen through an opaque Callable (after a match_cast, which only checks the kind), the closure
# is called with two arguments; it has one parameter: E3002 at its boundary.
@I.ir_module
class Module:
    @R.function
    def one(a: R.Tensor((2,), "float32")) -> R.Tensor((2,), "float32"):
        return a

    @R.function(pure=False)
    def main(x: R.Tensor((2,), "float32")):
        g = Module.one
        o = R.call_packed("rlx.identity", g, sinfo_args=R.Object)
        h = R.match_cast(o, R.Callable)
        r = h(x, x)
        return r
