# rule: eval.if eval.seq
# arg: bool () [false]
# arg: bool () [true]
# arg: float32 (2,) [1.0, 2.0]
# expect: [[1.0, 2.0], [1.0, 2.0]]
from tvm.script import ir as I, relax as R, tir as T


# Nested Ifs whose branches give tensors of different shapes; the value of the If is the value
# of the branch taken (c1 false, then c2 true: the (2, 2) stack).
@I.ir_module
class Module:
    @R.function
    def main(c1: R.Tensor((), "bool"), c2: R.Tensor((), "bool"), x: R.Tensor((2,), "float32")):
        if c1:
            r = R.sum(x)
        else:
            if c2:
                s = R.stack((x, x), axis=0)
                r = s
            else:
                r = R.reshape(x, R.shape([1, 2, 1]))
        return r
