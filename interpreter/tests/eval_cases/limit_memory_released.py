# rule: eval.limit.memory eval.seq eval.env
# limit: max_live_bytes=80
# expect: ([1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0])
from tvm.script import ir as I, relax as R, tir as T


# make() creates three 16-byte tensors and returns one. Its temporaries stop being live when
# its activation ends, so the third call peaks at 2 * 16 (a, b) + 3 * 16 = 80 bytes.
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
