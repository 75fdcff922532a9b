# rule: eval.value.dtype eval.dtype eval.print.value
# expect: void
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main():
        a = R.dtype("void")
        return a
