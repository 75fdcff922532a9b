# rule: eval.call.boundary eval.call.param
# arg: float32 (3,) [1.0, 2.0, 3.0]
# expect_error: E3002
from tvm.script import ir as I, relax as R, tir as T


# main sees f as taking any float32 vector (k is a signature variable of the Callable), so the
# call f(x) passes statically; f's own boundary (extent 2) rejects x of extent 3.
@I.ir_module
class Module:
    @R.function
    def two(a: R.Tensor((2,), "float32")) -> R.Tensor((2,), "float32"):
        return a

    @R.function(pure=False)
    def main(x: R.Tensor((3,), "float32")):
        k = T.int64()
        o = R.call_packed("rlx.identity", Module.two, sinfo_args=R.Object)
        f = R.match_cast(o, R.Callable((R.Tensor((k,), "float32"),), R.Tensor((k,), "float32"), True))
        r = f(x)
        return r
