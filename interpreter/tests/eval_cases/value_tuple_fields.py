# rule: eval.value.tuple eval.tuple eval.print.value
# arg: float32 (2,) [1.0, 2.0]
# arg: int32 () [7]
# expect: ([1.0, 2.0], 7, R.shape([2]))
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((2,), "float32"), y: R.Tensor((), "int32")):
        t = (x, y, R.shape([2]))
        return t
