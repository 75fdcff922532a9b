# rule: eval.print eval.print.format
# expect_print: before
# expect_print: 
# expect_print: after
# expect: ()
from tvm.script import ir as I, relax as R, tir as T


# An empty format and no values: an empty line (eval.print.format).
@I.ir_module
class Module:
    @R.function(pure=False)
    def main():
        R.print(format="before")
        R.print()
        u = R.print(format="after")
        return u
