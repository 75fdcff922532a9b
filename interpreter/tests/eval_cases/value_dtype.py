# rule: eval.value.dtype eval.dtype eval.print.value
# expect: (float16, int8, bool)
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main():
        a = R.dtype("float16")
        b = R.dtype("int8")
        c = R.dtype("bool")
        return (a, b, c)
