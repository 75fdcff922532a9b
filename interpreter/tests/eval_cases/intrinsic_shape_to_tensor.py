# rule: eval.call.op eval.alias
# arg: shape (4, 0, 7)
# expect: [4, 0, 7]
from tvm.script import ir as I, relax as R, tir as T


# A fresh 1-d int64 tensor of the shape's elements.
@I.ir_module
class Module:
    @R.function
    def main(s: R.Shape(ndim=3)):
        t = R.shape_to_tensor(s)
        return t
