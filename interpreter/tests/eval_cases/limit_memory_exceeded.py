# rule: eval.limit.memory
# limit: max_live_bytes=40
# expect_error: E0907
from tvm.script import ir as I, relax as R, tir as T


# a and b (16 bytes each) are live when c is created: 48 > 40.
@I.ir_module
class Module:
    @R.function
    def main():
        a = R.zeros(R.shape([4]), dtype="float32")
        b = R.ones(R.shape([4]), dtype="float32")
        c = R.add(a, b)
        return c
