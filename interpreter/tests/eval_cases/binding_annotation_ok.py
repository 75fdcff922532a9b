# rule: eval.binding.annotation eval.binding.var
# arg: float32 (2,) [1.0, 2.0]
# expect: [1.0, 2.0]
from tvm.script import ir as I, relax as R, tir as T


# The annotation is checked at run time (the value is only R.Tensor statically) and matches.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(ndim=-1)):
        y: R.Tensor((2,), "float32") = x
        return y
