# rule: eval.binding.annotation eval.match-cast.prim
# arg: prim int64 5
# arg: prim int64 6
# expect_error: E3004
from tvm.script import ir as I, relax as R, tir as T


# The annotation R.Prim(value=k) with k in scope (k = 5) compares: 6 is not 5.
@I.ir_module
class Module:
    @R.function
    def main(a: R.Prim(value="k"), b: R.Prim("int64")):
        k = T.int64()
        y: R.Prim(value=k) = b
        return y
