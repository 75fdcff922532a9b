# rule: eval.function eval.value.closure eval.env eval.call.closure
# arg: float32 (2,) [1.0, 2.0]
# arg: float32 (2,) [5.0, 5.0]
# expect: [6.0, 7.0]
from tvm.script import ir as I, relax as R, tir as T


# make_adder returns a closure capturing its parameter; the closure is called after
# make_adder's activation has ended.
@I.ir_module
class Module:
    @R.function
    def make_adder(c: R.Tensor((2,), "float32")) -> R.Callable((R.Tensor((2,), "float32"),), R.Tensor((2,), "float32"), True):
        @R.function
        def adder(a: R.Tensor((2,), "float32")) -> R.Tensor((2,), "float32"):
            r = R.add(a, c)
            return r

        return adder

    @R.function
    def main(x: R.Tensor((2,), "float32"), c: R.Tensor((2,), "float32")):
        f = Module.make_adder(c)
        r = f(x)
        return r
