# rule: eval.checked eval.if
# arg: float32 (2,) [1.0, 2.0]
# arg: bool () [false]
# expect: [1.0, 2.0]
from tvm.script import ir as I, relax as R, tir as T


# A warning (E2009) does not prevent evaluation; the failing cast is in the branch not taken.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((2,), "float32"), c: R.Tensor((), "bool")):
        if c:
            y = R.match_cast(x, R.Tensor((3,), "float32"))
            r = R.astype(y, "float32")
        else:
            r = x
        return r
