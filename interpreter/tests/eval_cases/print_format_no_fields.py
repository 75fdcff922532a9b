# rule: eval.print.format
# expect_print: plain text: no fields
# expect: ()
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function(pure=False)
    def main():
        u = R.print(format="plain text: no fields")
        return u
