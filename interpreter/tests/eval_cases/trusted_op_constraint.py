# rule: eval.trusted eval.op.constraint eval.value.sinfo
# arg: int32 (2,) [1, 2]
# arg: float32 (2,) [1.0, 2.0]
# expect_error: E3005
from tvm.script import ir as I, relax as R, tir as T


# The trusted struct info claims a float32 result, but the value is the int32 argument: R.add
# decides its constraints on the exact struct info of the values (int32 vs float32) and traps.
@I.ir_module
class Module:
    asfloat = R.ExternFunc("rlx.identity", R.Callable((R.Object,), R.Tensor((2,), "float32"), False))

    @R.function(pure=False)
    def main(i: R.Tensor((2,), "int32"), x: R.Tensor((2,), "float32")):
        y = Module.asfloat(i)
        r = R.add(y, x)
        return r
