# rule: eval.value.tensor eval.print.value
# arg: bool (3,) [true, false, true]
# expect: [True, False, True]
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((3,), "bool")) -> R.Tensor((3,), "bool"):
        return x
