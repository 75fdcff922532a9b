# rule: eval.limit.memory eval.if
# limit: max_live_bytes=63
# arg: prim bool true
# expect_error: E0907
from tvm.script import ir as I, relax as R, tir as T


# As limit_memory_if_branch_released.py with one byte less: d makes 64 > 63.
@I.ir_module
class Module:
    @R.function
    def main(c: R.Prim("bool")):
        if c:
            t1 = R.zeros(R.shape([4]), dtype="float32")
            t2 = R.ones(R.shape([4]), dtype="float32")
            r = R.add(t1, t2)
        else:
            r = R.zeros(R.shape([4]), dtype="float32")
        a = R.ones(R.shape([4]), dtype="float32")
        b = R.add(a, r)
        d = R.add(a, b)
        return d
