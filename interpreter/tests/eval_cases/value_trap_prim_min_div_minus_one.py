# rule: eval.prim-expr eval.trap.value
# arg: prim int64 -9223372036854775808
# arg: prim int64 -1
# expect_error: E3012
from tvm.script import ir as I, relax as R, tir as T


# The smallest int64 divided by -1 overflows.
@I.ir_module
class Module:
    @R.function
    def main(pa: R.Prim(value="a"), pb: R.Prim(value="b")):
        a = T.int64()
        b = T.int64()
        p = R.prim_value(a // b)
        return p
