# rule: eval.if eval.if.cond
# arg: prim bool true
# expect: 10
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main(c: R.Prim("bool")):
        if c:
            r = R.prim_value(10)
        else:
            r = R.prim_value(20)
        return r
