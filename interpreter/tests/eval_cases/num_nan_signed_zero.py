# rule: eval.num.nan eval.call.op
# arg: float32 (3,) [0.0, -0.0, nan]
# arg: float32 (3,) [-0.0, 0.0, 1.0]
# expect: ([0.0, 0.0, nan], [-0.0, -0.0, nan], [0.0, 0.0], [nan, -0.0, 0.0, -1.0], [0.0], [-0.0], [False, True, True], nan)
from tvm.script import ir as I, relax as R, tir as T


# maximum / minimum propagate NaN and order the zeros in either operand order; relu(-0.0) is
# +0.0; sign keeps NaN and the zero's sign; abs(-0.0) = +0.0; negative(0.0) = -0.0;
# comparisons with NaN are false except not_equal, and 0.0 == -0.0; NaN + 1 is NaN.
@I.ir_module
class Module:
    @R.function
    def main(a: R.Tensor((3,), "float32"), b: R.Tensor((3,), "float32")):
        mx = R.maximum(a, b)
        mn = R.minimum(a, b)
        re = R.nn.relu(R.const([-0.0, 0.0], "float32"))
        sg = R.sign(R.const([float("nan"), -0.0, 0.0, -3.0], "float32"))
        ab = R.abs(R.const([-0.0], "float32"))
        ng = R.negative(R.const([0.0], "float32"))
        nan1 = R.const([float("nan"), float("nan"), 0.0], "float32")
        nan2 = R.const([float("nan"), 1.0, -0.0], "float32")
        e1 = R.equal(nan1, nan2)
        e2 = R.not_equal(nan1, nan2)
        e3 = R.equal(R.const([0.0], "float32"), R.const([-0.0], "float32"))
        cmp = R.concat((R.take(e1, R.const([0], "int64")), R.take(e2, R.const([1], "int64")), e3), axis=0)
        sm = R.add(R.const(float("nan"), "float32"), R.const(1.0, "float32"))
        return (mx, mn, re, sg, ab, ng, cmp, sm)
