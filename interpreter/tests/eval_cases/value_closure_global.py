# rule: eval.value.closure eval.global-var eval.print.value
# expect: <function helper>
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def helper(x: R.Tensor((2,), "float32")) -> R.Tensor((2,), "float32"):
        return x

    @R.function
    def main():
        f = Module.helper
        return f
