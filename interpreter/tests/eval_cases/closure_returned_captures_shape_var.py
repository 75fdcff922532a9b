# rule: eval.function eval.value.closure eval.call.param
# arg: float32 (3,) [1.0, 2.0, 3.0]
# arg: float32 (4,) [1.0, 2.0, 3.0, 4.0]
# expect_error: E3002
from tvm.script import ir as I, relax as R, tir as T


# The returned closure keeps the captured n = 3 of make's activation: called on a tensor of
# extent 4 it traps at its boundary.
@I.ir_module
class Module:
    @R.function
    def make(c: R.Tensor(("n",), "float32")) -> R.Callable((R.Tensor(dtype="float32", ndim=1),), R.Tensor(dtype="float32", ndim=1), True):
        n = T.int64()

        @R.function
        def adder(a: R.Tensor((n,), "float32")) -> R.Tensor((n,), "float32"):
            r = R.add(a, c)
            return r

        return adder

    @R.function
    def main(x: R.Tensor(("p",), "float32"), y: R.Tensor(("q",), "float32")):
        f = Module.make(x)
        r = f(y)
        return r
