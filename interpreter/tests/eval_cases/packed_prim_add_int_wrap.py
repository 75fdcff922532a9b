# rule: eval.packed.builtins eval.num.int-wrap eval.value.prim
# expect: (-128, 30)
from tvm.script import ir as I, relax as R, tir as T


# rlx.prim_add wraps integers (eval.num.int-wrap): int8 127 + 1 is -128.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main():
        a = R.call_packed("rlx.prim_add", R.prim_value(T.int8(127)), R.prim_value(T.int8(1)), sinfo_args=R.Prim("int8"))
        b = R.call_packed("rlx.prim_add", R.prim_value(10), R.prim_value(20), sinfo_args=R.Prim("int64"))
        return (a, b)
