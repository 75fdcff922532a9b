# rule: eval.call eval.call.closure eval.call.boundary eval.global-var
# arg: float32 (2,) [1.0, 2.0]
# expect: [2.0, 4.0]
from tvm.script import ir as I, relax as R, tir as T


# A closure passed as an argument and called through the parameter.
@I.ir_module
class Module:
    @R.function
    def double(a: R.Tensor((2,), "float32")) -> R.Tensor((2,), "float32"):
        r = R.add(a, a)
        return r

    @R.function
    def apply(f: R.Callable((R.Tensor((2,), "float32"),), R.Tensor((2,), "float32")), a: R.Tensor((2,), "float32")) -> R.Tensor((2,), "float32"):
        r = f(a)
        return r

    @R.function
    def main(x: R.Tensor((2,), "float32")):
        r = Module.apply(Module.double, x)
        return r
