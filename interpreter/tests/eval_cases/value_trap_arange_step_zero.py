# rule: eval.trap.value eval.op.constraint
# arg: prim int64 0
# expect_error: E3012
from tvm.script import ir as I, relax as R, tir as T


# A step that is zero only at run time: op.arange.c2 traps E3012, not E3005.
@I.ir_module
class Module:
    @R.function
    def main(step: R.Prim(value="s")):
        s = T.int64()
        r = R.arange(R.prim_value(0), R.prim_value(10), step)
        return r
