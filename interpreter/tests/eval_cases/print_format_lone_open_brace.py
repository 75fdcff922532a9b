# rule: eval.print.format eval.trap.value eval.print eval.error
# arg: prim int64 5
# expect_print: first
# expect_error: E3012
from tvm.script import ir as I, relax as R, tir as T


# A lone "{" is malformed: E3012, and the line is built before anything is written, so the
# second print writes nothing; the first print's line remains (eval.error).
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(p: R.Prim("int64")):
        R.print(format="first")
        R.print(p, format="value {} {")
        return p
