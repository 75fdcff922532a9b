# rule: eval.print.float eval.print.value eval.prim-value
# expect_print: 10.0 0.1 -0.0 1e-07
# expect: ()
from tvm.script import ir as I, relax as R, tir as T


# Primitive values print as their value, floats by eval.print.float in their dtype.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main():
        a = R.prim_value(T.float64(10.0))
        b = R.prim_value(T.float32(0.1))
        c = R.prim_value(T.float64(-0.0))
        d = R.prim_value(T.float32(1e-07))
        u = R.print(a, b, c, d)
        return u
