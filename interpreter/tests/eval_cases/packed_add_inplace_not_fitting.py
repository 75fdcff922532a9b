# rule: eval.packed.builtins eval.packed.fail
# arg: int32 (2,) [1, 2]
# arg: int32 (2, 2) [1, 2, 3, 4]
# expect_error: E3010
from tvm.script import ir as I, relax as R, tir as T


# b must be broadcastable to a's shape: a (2,) cannot receive a (2, 2) result.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(a: R.Tensor((2,), "int32"), b: R.Tensor((2, 2), "int32")):
        r = R.call_packed("rlx.add_inplace", a, b, sinfo_args=R.Tensor((2,), "int32"))
        return r
