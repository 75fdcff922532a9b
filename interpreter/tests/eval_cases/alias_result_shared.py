# rule: eval.alias eval.call.closure
# arg: float32 (2,) [1.0, 2.0]
# expect: [2.0, 4.0]
from tvm.script import ir as I, relax as R, tir as T


# Returning a result shares it: f returns its argument itself, so writing into the result
# writes into x (x + x computed into x's elements).
@I.ir_module
class Module:
    @R.function
    def same(t: R.Tensor((2,), "float32")) -> R.Tensor((2,), "float32"):
        return t

    @R.function(pure=False)
    def main(x: R.Tensor((2,), "float32")) -> R.Tensor((2,), "float32"):
        y = Module.same(x)
        _ = R.call_packed("rlx.add_inplace", y, x, sinfo_args=R.Tensor((2,), "float32"))
        return x
