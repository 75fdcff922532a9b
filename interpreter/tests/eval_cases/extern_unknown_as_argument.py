# rule: eval.extern eval.packed.unknown eval.order
# arg: prim int64 4
# arg: prim int64 0
# expect_error: E3009
from tvm.script import ir as I, relax as R, tir as T


# In R.call_pure_packed the ExternFunc is the op's first argument: evaluated (E3009) before
# the next argument, which would divide by zero.
@I.ir_module
class Module:
    @R.function
    def main(pn: R.Prim(value="n"), pz: R.Prim(value="z")):
        n = T.int64()
        z = T.int64()
        t = R.call_pure_packed("rlx.no_such_function", R.prim_value(n // z), sinfo_args=R.Object)
        return t
