# rule: eval.alias eval.call.closure
# arg: int32 (3,) [1, 2, 3]
# expect: [11, 12, 13]
from tvm.script import ir as I, relax as R, tir as T


# Passing an argument shares the tensor: the callee's in-place write is seen by the caller.
@I.ir_module
class Module:
    @R.function(pure=False)
    def bump(t: R.Tensor((3,), "int32")) -> R.Tuple:
        ten = R.const(10, "int32")
        _ = R.call_packed("rlx.add_inplace", t, ten, sinfo_args=R.Tensor((3,), "int32"))
        return R.tuple()

    @R.function(pure=False)
    def main(x: R.Tensor((3,), "int32")) -> R.Tensor((3,), "int32"):
        u = Module.bump(x)
        return x
