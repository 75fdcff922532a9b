# rule: eval.match-cast eval.match-cast.tuple
# arg: float32 (6,) [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
# arg: float32 (3,) [1.0, 2.0, 3.0]
# expect: R.shape([3])
from tvm.script import ir as I, relax as R, tir as T


# The first field's dimension n * 2 uses n, whose binding position comes later (in the second
# field): pass 2 binds n = 3 before pass 3 compares 6 with n * 2.
@I.ir_module
class Module:
    @R.function
    def main(a: R.Tensor("float32", ndim=1), b: R.Tensor("float32", ndim=1)):
        n = T.int64()
        t = R.match_cast((a, b), R.Tuple(R.Tensor((n * 2,), "float32"), R.Tensor((n,), "float32")))
        s = R.shape([n])
        return s
