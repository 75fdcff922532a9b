# rule: eval.match-cast eval.match-cast.prim
# arg: prim int32 4
# expect_error: E3001
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main(p: R.Object):
        q = R.match_cast(p, R.Prim("int64"))
        return q
