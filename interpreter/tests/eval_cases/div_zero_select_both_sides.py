# rule: eval.prim-expr eval.trap.div-zero
# arg: prim int64 7
# arg: prim int64 0
# expect_error: E3006
from tvm.script import ir as I, relax as R, tir as T


# Select evaluates c, t and f, all three: the division by zero in the branch that is not
# selected still traps.
@I.ir_module
class Module:
    @R.function
    def main(pn: R.Prim(value="n"), pz: R.Prim(value="z")):
        n = T.int64()
        z = T.int64()
        p = R.prim_value(T.Select(z == 0, n, n // z))
        return p
