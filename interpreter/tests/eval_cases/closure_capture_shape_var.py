# rule: eval.function eval.call.param eval.env
# arg: float32 (3,) [1.0, 2.0, 3.0]
# expect: [2.0, 4.0, 6.0]
from tvm.script import ir as I, relax as R, tir as T


# The example of eval.closure.no-dataflow: x and n are captured from main's activation; g's
# parameter y must have main's extent n (captured shape variables compare, they are not bound).
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(("n",), "float32")):
        n = T.int64()

        @R.function
        def g(y: R.Tensor((n,), "float32")) -> R.Tensor((n,), "float32"):
            z = R.add(x, y)
            return z

        r = g(x)
        return r
