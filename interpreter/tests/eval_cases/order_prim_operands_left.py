# rule: eval.order eval.prim-expr eval.trap.div-zero
# arg: prim int64 4
# arg: prim int64 0
# expect_error: E3006
from tvm.script import ir as I, relax as R, tir as T


# The operands of a PrimExpr are evaluated left to right: n // z traps before n * 2^62 overflows.
@I.ir_module
class Module:
    @R.function
    def main(pn: R.Prim(value="n"), pz: R.Prim(value="z")):
        n = T.int64()
        z = T.int64()
        p = R.prim_value(n // z + n * 4611686018427387904)
        return p
