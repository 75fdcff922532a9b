# rule: eval.match-cast eval.match-cast.prim
# arg: prim int64 4
# expect_error: E3001
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main(p: R.Prim("int64")):
        q = R.match_cast(p, R.Prim(value=3))
        return q
