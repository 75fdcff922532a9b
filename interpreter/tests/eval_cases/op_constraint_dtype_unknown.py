# rule: eval.op.constraint eval.value.sinfo
# arg: float32 (2,) [1.0, 2.0]
# arg: int32 (2,) [1, 2]
# expect_error: E3005
from tvm.script import ir as I, relax as R, tir as T


# Both dtypes are unknown statically; at run time they differ (float32 vs int32).
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((2,), dtype="void"), y: R.Tensor((2,), dtype="void")):
        z = R.multiply(x, y)
        return z
