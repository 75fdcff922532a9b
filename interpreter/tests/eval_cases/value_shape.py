# rule: eval.value.shape eval.shape-expr eval.print.value
# expect: R.shape([2, 3])
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main() -> R.Shape([2, 3]):
        s = R.shape([2, 3])
        return s
