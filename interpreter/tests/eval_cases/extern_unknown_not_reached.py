# rule: eval.extern eval.if
# arg: bool () [false]
# expect: 1
from tvm.script import ir as I, relax as R, tir as T


# An unregistered ExternFunc in the branch that is not taken is never evaluated.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(c: R.Tensor((), "bool")):
        if c:
            r = R.call_packed("rlx.no_such_function", sinfo_args=R.Object)
        else:
            r = R.prim_value(1)
        return r
