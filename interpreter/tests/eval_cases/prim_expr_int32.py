# rule: eval.prim-expr eval.prim-value eval.value.prim
# expect: (2147483647, -2147483648)
from tvm.script import ir as I, relax as R, tir as T


# int32 PrimExprs at the edges of their range, without overflow.
@I.ir_module
class Module:
    @R.function
    def main():
        a = R.prim_value(T.int32(2147483646) + T.int32(1))
        b = R.prim_value(T.int32(-2147483647) - T.int32(1))
        return (a, b)
