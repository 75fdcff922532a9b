# rule: eval.value.tensor eval.var eval.print.value eval.print.float
# arg: float32 (2, 2) [1.0, 2.5, 3.0, 4.0]
# expect: [[1.0, 2.5], [3.0, 4.0]]
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((2, 2), "float32")) -> R.Tensor((2, 2), "float32"):
        return x
