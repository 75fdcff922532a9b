# rule: eval.num.reduce eval.call.op
# arg: float32 (3,) [100000000.0, 1.0, -100000000.0]
# expect: (1.0, [1e+08, 1e+08, 1.0], 0.0, 1.0, nan)
from tvm.script import ir as I, relax as R, tir as T


# float32 sums are formed in float64 and rounded once: 1e8 + 1 - 1e8 = 1.0 (a float32
# accumulator would give 0.0). A scan keeps a float64 running value and rounds each output from
# it: 1e8, 100000001 (rounds to float32 1e8), 1.0. The empty sum is +0.0, the empty product 1.0,
# and the mean of no element NaN.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((3,), "float32")):
        s = R.sum(x)
        c = R.cumsum(x, axis=0)
        empty = R.zeros(R.shape([0]), dtype="float32")
        es = R.sum(empty)
        ep = R.prod(empty)
        em = R.mean(empty)
        return (s, c, es, ep, em)
