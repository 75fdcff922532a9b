# rule: eval.order eval.prim-expr eval.trap.value eval.prim-value
# arg: prim int64 4
# arg: prim int64 0
# expect_error: E3012
from tvm.script import ir as I, relax as R, tir as T


# Left operand first: n * 2^62 overflows int64, which in a PrimValue traps E3012, before n // z.
@I.ir_module
class Module:
    @R.function
    def main(pn: R.Prim(value="n"), pz: R.Prim(value="z")):
        n = T.int64()
        z = T.int64()
        p = R.prim_value(n * 4611686018427387904 + n // z)
        return p
