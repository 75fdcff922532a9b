# rule: eval.call.op eval.value.shape
# arg: float32 (2, 3) [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
# expect: R.shape([2, 3])
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(dtype="float32", ndim=-1)):
        s = R.shape_of(x)
        return s
