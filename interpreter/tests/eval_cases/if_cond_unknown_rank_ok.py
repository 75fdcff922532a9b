# rule: eval.if.cond eval.if
# arg: bool () [false]
# expect: 2
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main(c: R.Tensor(ndim=-1)):
        if c:
            r = R.prim_value(1)
        else:
            r = R.prim_value(2)
        return r
