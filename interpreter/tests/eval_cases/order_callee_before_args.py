# rule: eval.order eval.extern eval.packed.unknown eval.call
# arg: prim int64 4
# arg: prim int64 0
# expect_error: E3009
from tvm.script import ir as I, relax as R, tir as T


# The callee (an ExternFunc naming no registered function) is evaluated before the arguments,
# so E3009 is reported, not the division by zero in the argument.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(pn: R.Prim(value="n"), pz: R.Prim(value="z")):
        n = T.int64()
        z = T.int64()
        t = R.call_packed("rlx.no_such_function", R.prim_value(n // z), sinfo_args=R.Object)
        return t
