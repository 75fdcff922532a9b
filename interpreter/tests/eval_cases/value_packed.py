# rule: eval.value.packed eval.global-var eval.extern eval.print.value
# expect: <packed rlx.identity>
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    ident = R.ExternFunc("rlx.identity")

    @R.function
    def main():
        f = Module.ident
        return f
