# rule: eval.match-cast eval.match-cast.tensor
# arg: float32 (2, 2) [1.0, 2.0, 3.0, 4.0]
# expect: R.shape([2])
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor("float32", ndim=2)):
        n = T.int64()
        y = R.match_cast(x, R.Tensor((n, n), "float32"))
        s = R.shape([n])
        return s
