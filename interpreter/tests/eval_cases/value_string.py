# rule: eval.value.string eval.string eval.print.value
# expect: hello "world" {x}
from tvm.script import ir as I, relax as R, tir as T


# A string prints as its characters, without quotes or escapes (eval.print.value); the
# braces are part of the string, not a format.
@I.ir_module
class Module:
    @R.function
    def main():
        s = R.str("hello \"world\" {x}")
        return s
