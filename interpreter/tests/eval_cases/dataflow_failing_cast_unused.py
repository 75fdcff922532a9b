# rule: eval.dataflow eval.match-cast
# arg: float32 (2,) [1.0, 2.0]
# expect_error: E3001
from tvm.script import ir as I, relax as R, tir as T


# The interpreter evaluates every binding of a dataflow block in order, even one whose variable
# is never used: the failing cast is not removed.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(ndim=1)):
        with R.dataflow():
            unused = R.match_cast(x, R.Tensor((2,), "int32"))
            y = R.add(x, x)
            R.output(y)
        return y
