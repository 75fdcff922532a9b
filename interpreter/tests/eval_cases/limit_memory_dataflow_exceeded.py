# rule: eval.limit.memory eval.dataflow
# limit: max_live_bytes=63
# expect_error: E0907
from tvm.script import ir as I, relax as R, tir as T


# As limit_memory_dataflow_released.py with one byte less: d makes 64 > 63.
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
