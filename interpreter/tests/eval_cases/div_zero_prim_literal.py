# rule: eval.trap.div-zero eval.prim-expr
# arg: prim int64 7
# expect_error: E3006
from tvm.script import ir as I, relax as R, tir as T


# The raw constructor T.FloorDiv(n, 0) builds the node (text.expr.div-zero); dividing by the
# immediate 0 is a runtime error.
@I.ir_module
class Module:
    @R.function
    def main(pn: R.Prim(value="n")):
        n = T.int64()
        p = R.prim_value(T.FloorDiv(n, 0))
        return p
