# rule: eval.packed.unknown eval.extern
# expect_error: E3009
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function(pure=False)
    def main():
        r = R.call_packed("rlx.this_is_not_registered", sinfo_args=R.Object)
        return r
