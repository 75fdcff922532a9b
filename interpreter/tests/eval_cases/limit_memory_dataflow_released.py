# rule: eval.limit.memory eval.dataflow
# limit: max_live_bytes=64
# expect: [4.0, 4.0, 4.0, 4.0]
from tvm.script import ir as I, relax as R, tir as T


# The DataflowVars t1, t2 leave the environment at the end of the block: the block peaks at
# 48 bytes (t1, t2, out); after it out (16) + a + b + d = 64.
@I.ir_module
class Module:
    @R.function
    def main():
        with R.dataflow():
            t1 = R.ones(R.shape([4]), dtype="float32")
            t2 = R.ones(R.shape([4]), dtype="float32")
            out = R.add(t1, t2)
            R.output(out)
        a = R.ones(R.shape([4]), dtype="float32")
        b = R.add(a, out)
        d = R.add(a, b)
        return d
