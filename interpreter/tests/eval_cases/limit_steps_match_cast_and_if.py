# rule: eval.limit.steps eval.if
# limit: max_steps=4
# arg: prim bool true
# expect: 7
from tvm.script import ir as I, relax as R, tir as T


# A MatchCast counts one step, the If binding one, and the bindings of the branch taken:
# q (1), r = If (2), then-branch a (3) and the branch's r = R.add(...) (4); the else branch's
# bindings are not evaluated and not counted.
@I.ir_module
class Module:
    @R.function
    def main(c: R.Prim("bool")):
        q = R.match_cast(c, R.Prim("bool"))
        if q:
            a = R.prim_value(6)
            r = R.add(R.const(3, "int32"), R.const(4, "int32"))
        else:
            x1 = R.prim_value(1)
            x2 = R.prim_value(2)
            x3 = R.prim_value(3)
            r = R.add(R.const(4, "int32"), R.const(4, "int32"))
        return r
