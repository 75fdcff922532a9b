# rule: eval.limit.steps eval.if
# limit: max_steps=3
# arg: prim bool true
# expect_error: E0909
from tvm.script import ir as I, relax as R, tir as T


# As limit_steps_match_cast_and_if.py with one step less: the branch's last binding is the
# fourth step.
@I.ir_module
class Module:
    @R.function
    def main(c: R.Prim("bool")):
        q = R.match_cast(c, R.Prim("bool"))
        if q:
            a = R.prim_value(6)
            r = R.add(R.const(3, "int32"), R.const(4, "int32"))
        else:
            r = R.add(R.const(4, "int32"), R.const(4, "int32"))
        return r
