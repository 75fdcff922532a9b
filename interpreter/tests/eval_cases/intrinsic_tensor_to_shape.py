# rule: eval.call.op eval.num.astype
# arg: int8 (3,) [2, 0, 5]
# expect: R.shape([2, 0, 5])
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main(t: R.Tensor((3,), "int8")):
        s = R.tensor_to_shape(t)
        return s
