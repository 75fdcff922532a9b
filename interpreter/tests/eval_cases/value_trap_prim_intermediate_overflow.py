# rule: eval.prim-expr eval.trap.value
# arg: prim int64 4294967296
# expect_error: E3012
from tvm.script import ir as I, relax as R, tir as T


# An intermediate overflow is an overflow even when the final value would fit: n * n - n * n.
@I.ir_module
class Module:
    @R.function
    def main(pn: R.Prim(value="n")):
        n = T.int64()
        p = R.prim_value(n * n - n * n)
        return p
