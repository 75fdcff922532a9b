# rule: eval.packed.builtins eval.num.float-rounding eval.print.float
# expect: (0.30000000000000004, 0.3)
from tvm.script import ir as I, relax as R, tir as T


# float64 0.1 + 0.2 = 0.30000000000000004; in float32 the correctly rounded sum of
# float32(0.1) and float32(0.2) is float32(0.3), which prints "0.3".
@I.ir_module
class Module:
    @R.function(pure=False)
    def main():
        a = R.call_packed("rlx.prim_add", R.prim_value(0.1), R.prim_value(0.2), sinfo_args=R.Prim("float64"))
        b = R.call_packed("rlx.prim_add", R.prim_value(T.float32(0.1)), R.prim_value(T.float32(0.2)), sinfo_args=R.Prim("float32"))
        return (a, b)
