# rule: eval.value.tensor eval.print.value eval.constant
# expect: 42
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main() -> R.Tensor((), "int32"):
        c = R.const(42, "int32")
        return c
