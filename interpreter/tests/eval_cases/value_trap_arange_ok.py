# rule: eval.call.op
# arg: prim int64 -3
# expect: [10, 7, 4]
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main(step: R.Prim(value="s")):
        s = T.int64()
        r = R.arange(R.prim_value(10), R.prim_value(2), step)
        return r
