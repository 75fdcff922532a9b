# rule: eval.limit.memory
# limit: max_live_bytes=79
# expect_error: E0907
from tvm.script import ir as I, relax as R, tir as T


# As limit_memory_released.py with one byte less: the third call's last tensor makes 80 > 79.
@I.ir_module
class Module:
    @R.function
    def make() -> R.Tensor((4,), "float32"):
        t1 = R.zeros(R.shape([4]), dtype="float32")
        t2 = R.ones(R.shape([4]), dtype="float32")
        r = R.add(t1, t2)
        return r

    @R.function
    def main():
        a = Module.make()
        b = Module.make()
        c = Module.make()
        return (a, b, c)
