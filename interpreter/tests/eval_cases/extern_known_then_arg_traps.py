# rule: eval.extern eval.order eval.trap.div-zero
# arg: prim int64 4
# arg: prim int64 0
# expect_error: E3006
from tvm.script import ir as I, relax as R, tir as T


# A registered callee evaluates fine; then the argument traps.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(pn: R.Prim(value="n"), pz: R.Prim(value="z")):
        n = T.int64()
        z = T.int64()
        t = R.call_packed("rlx.identity", R.prim_value(n // z), sinfo_args=R.Object)
        return t
