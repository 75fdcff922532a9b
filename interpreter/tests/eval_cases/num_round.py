# rule: eval.num.round eval.call.op
# arg: float32 (7,) [2.5, -0.5, 0.5, 1.5, -2.5, inf, nan]
# expect: ([2.0, -0.0, 0.0, 2.0, -2.0, inf, nan], [-1.0, -0.0, -2.0], [-0.0, 1.0, -1.0], [-1.0, -0.0, 2.0], [7, -3])
from tvm.script import ir as I, relax as R, tir as T


# round is half to even and keeps the sign of a zero result; floor, ceil and trunc are exact
# (ceil(-0.5) = -0.0, trunc(-0.7) = -0.0); on integers all four are the identity.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((7,), "float32")):
        r = R.round(x)
        f = R.floor(R.const([-0.5, -0.0, -1.5], "float32"))
        c = R.ceil(R.const([-0.5, 0.2, -1.5], "float32"))
        t = R.trunc(R.const([-1.7, -0.7, 2.9], "float32"))
        i = R.round(R.const([7, -3], "int32"))
        return (r, f, c, t, i)
