# rule: eval.call.param eval.call.boundary eval.call.closure
# arg: float32 (3,) [1.0, 2.0, 3.0]
# expect: [1.0, 2.0, 3.0]
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def take3(a: R.Tensor((3,), "float32")) -> R.Tensor((3,), "float32"):
        return a

    @R.function
    def main(x: R.Tensor(("n",), "float32")):
        r = Module.take3(x)
        return r
