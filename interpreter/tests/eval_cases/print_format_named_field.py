# rule: eval.print.format eval.trap.value
# arg: prim int64 5
# expect_error: E3012
from tvm.script import ir as I, relax as R, tir as T


# Positional indices and names are not supported: "{0}" is malformed.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(p: R.Prim("int64")):
        R.print(p, format="{0}")
        return p
