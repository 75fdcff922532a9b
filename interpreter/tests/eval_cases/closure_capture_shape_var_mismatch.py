# rule: eval.function eval.call.param eval.call.boundary
# arg: float32 (3,) [1.0, 2.0, 3.0]
# arg: float32 (2,) [1.0, 2.0]
# expect_error: E3002
from tvm.script import ir as I, relax as R, tir as T


# g's parameter uses the captured n = 3 (not bound again: compared); w has extent m = 2.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(("n",), "float32"), w: R.Tensor(("m",), "float32")):
        n = T.int64()

        @R.function
        def g(y: R.Tensor((n,), "float32")) -> R.Tensor((n,), "float32"):
            z = R.add(x, y)
            return z

        r = g(w)
        return r
