# rule: eval.print.value
# expect_print: [[], []] | [] | 3.5 | [[[1]]]
# expect: ()
import numpy as np
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function(pure=False)
    def main():
        a = R.const(np.zeros((2, 0), "int32"), "int32")
        b = R.const(np.zeros((0, 3), "int32"), "int32")
        c = R.const(3.5, "float32")
        d = R.const([[[1]]], "int8")
        u = R.print(a, b, c, d, format="{} | {} | {} | {}")
        return u
