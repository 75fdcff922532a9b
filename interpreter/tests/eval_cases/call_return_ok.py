# rule: eval.call.return eval.call.closure
# arg: float32 (4,) [1.0, 2.0, 3.0, 4.0]
# expect: [1.0, 2.0, 3.0, 4.0]
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def erase(a: R.Tensor(ndim=-1)) -> R.Tensor((4,), "float32"):
        return a

    @R.function
    def main(x: R.Tensor((4,), "float32")):
        r = Module.erase(x)
        return r
