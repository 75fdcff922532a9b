# rule: eval.function eval.value.closure eval.call.closure eval.env
# arg: float32 (2,) [1.0, 2.0]
# arg: float32 (2,) [10.0, 20.0]
# expect: [11.0, 22.0]
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((2,), "float32"), y: R.Tensor((2,), "float32")):
        @R.function
        def add_x(a: R.Tensor((2,), "float32")) -> R.Tensor((2,), "float32"):
            r = R.add(x, a)
            return r

        z = add_x(y)
        return z
