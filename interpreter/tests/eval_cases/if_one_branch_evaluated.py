# rule: eval.if eval.order
# arg: bool () [true]
# expect_print: then branch
# expect_print: after
# expect: 1
from tvm.script import ir as I, relax as R, tir as T


# Exactly one branch is evaluated: the else branch's print and failure never happen.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(c: R.Tensor((), "bool")):
        if c:
            R.print(format="then branch")
            r = R.prim_value(1)
        else:
            R.print(format="else branch")
            r = R.call_packed("rlx.fail", R.str("not taken"), sinfo_args=R.Prim("int64"))
        R.print(format="after")
        return r
