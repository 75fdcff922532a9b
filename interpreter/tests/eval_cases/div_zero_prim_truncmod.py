# rule: eval.trap.div-zero eval.prim-expr eval.prim-value
# arg: prim int64 7
# arg: prim int64 0
# expect_error: E3006
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main(pn: R.Prim(value="n"), pz: R.Prim(value="z")):
        n = T.int64()
        z = T.int64()
        p = R.prim_value(T.truncmod(n, z))
        return p
