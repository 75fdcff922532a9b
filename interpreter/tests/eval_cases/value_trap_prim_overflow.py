# rule: eval.trap.value eval.prim-value eval.prim-expr
# arg: prim int64 4294967296
# expect_error: E3012
from tvm.script import ir as I, relax as R, tir as T


# n * n = 2^64 overflows int64: in a PrimValue this traps E3012 (no wrap-around).
@I.ir_module
class Module:
    @R.function
    def main(pn: R.Prim(value="n")):
        n = T.int64()
        p = R.prim_value(n * n)
        return p
