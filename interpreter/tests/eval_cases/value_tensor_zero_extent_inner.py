# rule: eval.value.tensor eval.print.value eval.constant
# expect: [[], []]
import numpy as np
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main() -> R.Tensor((2, 0), "float32"):
        c = R.const(np.zeros((2, 0), "float32"), "float32")
        return c
