# rule: eval.value.closure eval.function eval.print.value
# arg: float32 (2,) [1.0, 2.0]
# expect: <function add_x>
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((2,), "float32")):
        @R.function
        def add_x(y: R.Tensor((2,), "float32")) -> R.Tensor((2,), "float32"):
            z = R.add(x, y)
            return z

        return add_x
