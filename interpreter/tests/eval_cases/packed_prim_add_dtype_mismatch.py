# rule: eval.packed.builtins eval.packed.fail
# expect_error: E3010
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function(pure=False)
    def main():
        a = R.call_packed("rlx.prim_add", R.prim_value(T.int32(1)), R.prim_value(1), sinfo_args=R.Object)
        return a
