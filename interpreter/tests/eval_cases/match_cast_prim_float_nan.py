# rule: eval.match-cast.prim eval.match-cast
# arg: prim float64 nan
# expect: nan
from tvm.script import ir as I, relax as R, tir as T


# In a match a NaN matches a NaN.
@I.ir_module
class Module:
    @R.function
    def main(p: R.Prim("float64")):
        q = R.match_cast(p, R.Prim(value=T.float64(float("nan"))))
        return q
