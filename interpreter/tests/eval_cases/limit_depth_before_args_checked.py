# rule: eval.limit.depth eval.call.closure
# limit: max_call_depth=1
# arg: float32 (2,) [1.0, 2.0]
# expect_error: E0908
from tvm.script import ir as I, relax as R, tir as T


# The depth is checked before the arguments: the call of take3 would also fail its parameter
# check (E3002), but with a limit of 1 the call itself is exhausted first.
@I.ir_module
class Module:
    @R.function
    def take3(a: R.Tensor((3,), "float32")) -> R.Tensor((3,), "float32"):
        return a

    @R.function
    def main(x: R.Tensor(("n",), "float32")):
        r = Module.take3(x)
        return r
