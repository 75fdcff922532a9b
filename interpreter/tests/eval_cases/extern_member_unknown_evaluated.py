# rule: eval.global-var eval.extern eval.packed.unknown eval.error
# expect_print: before
# expect_error: E3009
from tvm.script import ir as I, relax as R, tir as T


# A GlobalVar naming an ExternFunc member evaluates as the ExternFunc does: E3009 as soon as it
# is evaluated, even though the value is never called; "after" is never printed.
@I.ir_module
class Module:
    missing = R.ExternFunc("rlx.not_registered")

    @R.function(pure=False)
    def main():
        R.print(format="before")
        f = Module.missing
        R.print(format="after")
        return f
