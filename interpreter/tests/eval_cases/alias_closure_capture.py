# rule: eval.alias eval.function eval.value.closure
# arg: float32 (2,) [1.0, 2.0]
# expect: [3.0, 4.0]
from tvm.script import ir as I, relax as R, tir as T


# A captured tensor stays shared: a write into x after the closure is made is seen through
# the closure's capture.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(x: R.Tensor((2,), "float32")):
        @R.function
        def get() -> R.Tensor((2,), "float32"):
            return x

        two = R.const([2.0, 2.0], "float32")
        _ = R.call_packed("rlx.add_inplace", x, two, sinfo_args=R.Tensor((2,), "float32"))
        r = get()
        return r
