# rule: eval.trap.index
# arg: int32 (3,) [4, 5, 6]
# arg: int64 (2,) [1, 7]
# expect_error: E3007
from tvm.script import ir as I, relax as R, tir as T


# "nan" mode on an integer tensor: an index outside the range has no NaN to give.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((3,), "int32"), i: R.Tensor((2,), "int64")):
        r = R.take(x, i, axis=0, mode="nan")
        return r
