# rule: eval.binding.annotation
# arg: float32 (3,) [1.0, 2.0, 3.0]
# arg: float32 (2,) [1.0, 2.0]
# expect_error: E3004
from tvm.script import ir as I, relax as R, tir as T


# The annotation uses the shape variable n (bound by x, n = 3) and binds nothing: w's extent 2
# is compared with it.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(("n",), "float32"), w: R.Tensor(("m",), "float32")):
        n = T.int64()
        y: R.Tensor((n,), "float32") = w
        return y
