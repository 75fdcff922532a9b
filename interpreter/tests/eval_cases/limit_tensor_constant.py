# rule: eval.limit.tensor eval.constant
# limit: max_tensor_bytes=16
# expect_error: E0906
from tvm.script import ir as I, relax as R, tir as T


# A constant creates a tensor too: 3 x int64 is 24 bytes.
@I.ir_module
class Module:
    @R.function
    def main():
        c = R.const([1, 2, 3], "int64")
        return c
