# rule: eval.packed.builtins eval.packed.fail
# arg: float32 (2,) [1.0, 2.0]
# arg: int32 (2,) [1, 2]
# expect_error: E3010
from tvm.script import ir as I, relax as R, tir as T


# rlx.add's errors are R.add's constraints (the dtypes differ): the packed function reports an
# error, which traps E3010 (not E3005: this is not an op call).
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(a: R.Tensor((2,), "float32"), b: R.Tensor((2,), "int32")):
        r = R.call_packed("rlx.add", a, b, sinfo_args=R.Tensor((2,), "float32"))
        return r
