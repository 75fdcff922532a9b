# rule: eval.limit.tensor eval.packed.builtins
# limit: max_tensor_bytes=8
# expect_error: E0906
from tvm.script import ir as I, relax as R, tir as T


# The fresh tensor of a packed function is subject to the limit: a, its reshape b and the copy
# c are 8 bytes each (2 x int32); rlx.add of (2,) and (2, 1) makes a (2, 2) int32 tensor of
# 16 bytes > 8.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main():
        a = R.zeros(R.shape([2]), dtype="int32")
        b = R.reshape(a, R.shape([2, 1]))
        c = R.call_packed("vm.builtin.copy", a, sinfo_args=R.Tensor((2,), "int32"))
        d = R.call_packed("rlx.add", a, b, sinfo_args=R.Tensor((2, 2), "int32"))
        return d
