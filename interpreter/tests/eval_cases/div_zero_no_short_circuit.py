# rule: eval.prim-expr eval.trap.div-zero
# arg: prim int64 7
# arg: prim int64 0
# expect_error: E3006
from tvm.script import ir as I, relax as R, tir as T


# And/Or evaluate both operands: z == 0 is already true, but n // z > 1 is still evaluated.
@I.ir_module
class Module:
    @R.function
    def main(pn: R.Prim(value="n"), pz: R.Prim(value="z")):
        n = T.int64()
        z = T.int64()
        p = R.prim_value(T.Or(z == 0, n // z > 1))
        return p
