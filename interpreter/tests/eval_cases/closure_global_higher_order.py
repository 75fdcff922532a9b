# rule: eval.global-var eval.value.closure eval.call
# arg: int32 (2,) [3, 4]
# expect: [9, 16]
from tvm.script import ir as I, relax as R, tir as T


# A GlobalVar evaluates to a closure with an empty captured environment, here bound to a
# variable and called through it.
@I.ir_module
class Module:
    @R.function
    def sq(a: R.Tensor((2,), "int32")) -> R.Tensor((2,), "int32"):
        r = R.multiply(a, a)
        return r

    @R.function
    def main(x: R.Tensor((2,), "int32")):
        f = Module.sq
        r = f(x)
        return r
