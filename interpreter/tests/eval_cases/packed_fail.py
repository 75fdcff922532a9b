# rule: eval.packed.fail eval.packed.builtins eval.error
# expect_print: about to fail
# expect_error: E3010
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function(pure=False)
    def main():
        R.print(format="about to fail")
        r = R.call_packed("rlx.fail", R.str("deliberate failure"), sinfo_args=R.Object)
        R.print(format="not reached")
        return r
