# rule: eval.limit.memory eval.if eval.seq
# limit: max_live_bytes=64
# arg: prim bool true
# expect: [3.0, 3.0, 3.0, 3.0]
from tvm.script import ir as I, relax as R, tir as T


# The branch's variables t1, t2 leave the environment at the end of the branch, so their
# tensors stop being live: the branch peaks at 48 bytes, and after it r (16) + a + b + d = 64.
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
