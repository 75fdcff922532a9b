# rule: eval.limit.tensor
# limit: max_tensor_bytes=3
# expect_error: E0906
from tvm.script import ir as I, relax as R, tir as T


# bool takes 1 byte per element: 4 elements are 4 bytes > 3.
@I.ir_module
class Module:
    @R.function
    def main():
        a = R.zeros(R.shape([3]), dtype="bool")
        b = R.zeros(R.shape([4]), dtype="bool")
        return b
