# rule: eval.value.shape eval.shape-expr eval.print.value
# expect: R.shape([])
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main() -> R.Shape([]):
        s = R.shape([])
        return s
