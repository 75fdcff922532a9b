# rule: eval.value.null eval.print.value
# expect: None
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main():
        a = R.null_value()
        return a
