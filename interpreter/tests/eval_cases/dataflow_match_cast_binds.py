# rule: eval.dataflow eval.match-cast eval.env
# arg: float32 (2, 3) [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
# expect: ([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], R.shape([2, 3]))
from tvm.script import ir as I, relax as R, tir as T


# Shape variables bound by a MatchCast inside a dataflow block stay in scope after the block.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor("float32", ndim=2)):
        a = T.int64()
        b = T.int64()
        with R.dataflow():
            y = R.match_cast(x, R.Tensor((a, b), "float32"))
            flat = R.reshape(y, R.shape([a * b]))
            R.output(flat)
        s = R.shape([a, b])
        return (flat, s)
