# rule: eval.limit.tensor
# limit: max_tensor_bytes=16
# expect: ([0.0, 0.0, 0.0, 0.0], [[False, False, False, False, False, False, False, False], [False, False, False, False, False, False, False, False]], [1, 1, 1, 1, 1, 1, 1, 1])
from tvm.script import ir as I, relax as R, tir as T


# Sizes exactly at the limit: 4 x float32, 16 x bool (1 byte each), 8 x float16 (2 bytes each),
# the last shown through an int8 astype (8 bytes).
@I.ir_module
class Module:
    @R.function
    def main():
        a = R.zeros(R.shape([4]), dtype="float32")
        b = R.zeros(R.shape([2, 8]), dtype="bool")
        h = R.ones(R.shape([8]), dtype="float16")
        c = R.astype(h, "int8")
        return (a, b, c)
