# rule: eval.match-cast eval.match-cast.tensor
# arg: float32 (3, 5) [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0]
# arg: shape (4,)
# expect_error: E3001
from tvm.script import ir as I, relax as R, tir as T


# As match_cast_tensor_bind.py with x of shape (3, 5): extent 1 is not n * 2 = 6.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(dtype="float32", ndim=2), s: R.Shape(ndim=1)):
        n = T.int64()
        y = R.match_cast(x, R.Tensor((n, n * 2), "float32"))
        t = R.match_cast(s, R.Shape([n + 1]))
        return y
