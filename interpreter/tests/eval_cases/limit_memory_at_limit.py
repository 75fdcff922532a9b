# rule: eval.limit.memory
# limit: max_live_bytes=48
# expect: [1.0, 1.0, 1.0, 1.0]
from tvm.script import ir as I, relax as R, tir as T


# The same three tensors need 48 live bytes, exactly the limit.
@I.ir_module
class Module:
    @R.function
    def main():
        a = R.zeros(R.shape([4]), dtype="float32")
        b = R.ones(R.shape([4]), dtype="float32")
        c = R.add(a, b)
        return c
