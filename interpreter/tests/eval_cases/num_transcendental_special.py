# rule: eval.num.transcendental eval.call.op
# arg: float32 (3,) [0.0, -inf, inf]
# expect: ([1.0, 0.0, inf], [0.0, -inf, nan], [1.0, -1.0, 0.0], [0.5], [1.0, inf], [0.0, 1.0], [inf, 0.5], [1.0, 1.0])
from tvm.script import ir as I, relax as R, tir as T


# Only results that the rule makes exact: the special values of the C functions (exp(0) = 1,
# exp(-inf) = 0, log(1) = 0, log(0) = -inf, log(-1) = NaN, tanh(+-inf) = +-1, pow(NaN, 0) = 1,
# pow(0, -1) = inf, erf(0) = 0, erf(inf) = 1, cos(0) = 1), and values whose float64 formula is
# exact (sigmoid(0) = 1 / (1 + 1) = 0.5, rsqrt(0) = 1 / 0 = inf, rsqrt(4) = 0.5).
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((3,), "float32")):
        e = R.exp(x)
        l = R.log(R.const([1.0, 0.0, -1.0], "float32"))
        t = R.tanh(R.const([float("inf"), -float("inf"), 0.0], "float32"))
        s = R.sigmoid(R.const([0.0], "float32"))
        p = R.power(R.const([float("nan"), 0.0], "float32"), R.const([0.0, -1.0], "float32"))
        er = R.erf(R.const([0.0, float("inf")], "float32"))
        rs = R.rsqrt(R.const([0.0, 4.0], "float32"))
        sc = R.add(R.sin(R.const([0.0, 0.0], "float32")), R.cos(R.const([0.0, 0.0], "float32")))
        return (e, l, t, s, p, er, rs, sc)
