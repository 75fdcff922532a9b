# rule: eval.packed.builtins eval.packed.fail
# expect_error: E3010
from tvm.script import ir as I, relax as R, tir as T


# rlx.prim_add does not take bool values.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main():
        a = R.call_packed("rlx.prim_add", R.prim_value(True), R.prim_value(False), sinfo_args=R.Prim("bool"))
        return a
