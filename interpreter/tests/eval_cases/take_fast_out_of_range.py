# rule: eval.trap.index
# arg: float32 (3,) [4.0, 5.0, 6.0]
# arg: int64 (3,) [2, 0, 3]
# expect_error: E3007
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((3,), "float32"), i: R.Tensor((3,), "int64")):
        r = R.take(x, i, axis=0)
        return r
