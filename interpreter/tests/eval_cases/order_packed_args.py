# rule: eval.order eval.call eval.call.packed eval.trap.div-zero
# arg: prim int64 4
# arg: prim int64 0
# expect_error: E3006
from tvm.script import ir as I, relax as R, tir as T


# The arguments of a call are evaluated first to last.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(pn: R.Prim(value="n"), pz: R.Prim(value="z")):
        n = T.int64()
        z = T.int64()
        t = R.call_packed("rlx.make_tuple", R.prim_value(n // z), R.shape([n * 4611686018427387904]), sinfo_args=R.Object)
        return t
