# rule: eval.match-cast eval.match-cast.tensor eval.match-cast.shape eval.env
# arg: float32 (3, 6) [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0]
# arg: shape (4,)
# expect: (R.shape([3, 18]), R.shape([4]))
from tvm.script import ir as I, relax as R, tir as T


# The example of eval.match-cast: n is bound to extent 0 (3), extent 1 is compared with
# n * 2 = 6, and s must be (n + 1,) = (4,). The bound n is used by later bindings.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(dtype="float32", ndim=2), s: R.Shape(ndim=1)):
        n = T.int64()
        y = R.match_cast(x, R.Tensor((n, n * 2), "float32"))
        t = R.match_cast(s, R.Shape([n + 1]))
        r = R.shape([n, n * n * 2])
        return (r, t)
