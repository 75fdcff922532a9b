# rule: eval.call.boundary eval.call.param eval.match-cast.func
# arg: float32 (2,) [1.0, 2.0]
# expect_error: E3002
from tvm.script import ir as I, relax as R, tir as T


# A function is its own boundary: the Callable through which the caller sees it (which accepts
# anything) is not what is checked; the function's own parameter (a shape) rejects the tensor.
@I.ir_module
class Module:
    @R.function
    def wants_shape(s: R.Shape(ndim=1)) -> R.Shape(ndim=1):
        return s

    @R.function(pure=False)
    def main(x: R.Tensor((2,), "float32")):
        g = Module.wants_shape
        o = R.call_packed("rlx.identity", g, sinfo_args=R.Object)
        h = R.match_cast(o, R.Callable((R.Object,), R.Object, True))
        r = h(x)
        return r
