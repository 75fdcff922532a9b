# rule: eval.prim-expr eval.trap.value eval.prim-value
# expect_error: E3012
from tvm.script import ir as I, relax as R, tir as T


# An int32 PrimExpr whose result leaves the int32 range: 2147483647 + 1.
@I.ir_module
class Module:
    @R.function
    def main():
        p = R.prim_value(T.int32(2147483647) + T.int32(1))
        return p
