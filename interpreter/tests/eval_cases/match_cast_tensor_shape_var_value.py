# rule: eval.match-cast eval.match-cast.tensor
# arg: float32 (2, 3) [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
# arg: shape (2, 3)
# expect: [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]
from tvm.script import ir as I, relax as R, tir as T


# A Tensor struct info whose shape is a Relax variable: the tensor's extents are compared with
# the elements of the variable's value (same length, equal elements).
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor("float32", ndim=2), s: R.Shape(ndim=2)):
        y = R.match_cast(x, R.Tensor(s, "float32"))
        return y
