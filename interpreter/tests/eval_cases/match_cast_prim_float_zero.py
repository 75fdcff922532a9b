# rule: eval.match-cast.prim eval.match-cast
# arg: prim float32 -0.0
# expect: -0.0
from tvm.script import ir as I, relax as R, tir as T


# Primitive values compare by value: -0.0 equals 0.0.
@I.ir_module
class Module:
    @R.function
    def main(p: R.Prim("float32")):
        q = R.match_cast(p, R.Prim(value=T.float32(0.0)))
        return q
