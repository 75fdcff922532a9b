# rule: eval.print.format eval.print.value
# expect_print: <{}> and {{x}}
# expect: ()
from tvm.script import ir as I, relax as R, tir as T


# The text of a value substituted for "{}" is not read as format: a string value "{}" prints as
# is, and so does "{{x}}".
@I.ir_module
class Module:
    @R.function(pure=False)
    def main():
        a = R.str("{}")
        b = R.str("{{x}}")
        u = R.print(a, b, format="<{}> and {}")
        return u
