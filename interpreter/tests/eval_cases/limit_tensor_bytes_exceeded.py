# rule: eval.limit.tensor
# limit: max_tensor_bytes=16
# expect_error: E0906
from tvm.script import ir as I, relax as R, tir as T


# 4 float32 elements (16 bytes) fit; 5 (20 bytes) exceed the limit of one tensor.
@I.ir_module
class Module:
    @R.function
    def main():
        a = R.zeros(R.shape([4]), dtype="float32")
        b = R.zeros(R.shape([5]), dtype="float32")
        return b
