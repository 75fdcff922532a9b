# strided_slice bounds given as Prim variables: a prim_tuple field may be a Relax expression
from tvm.script import ir as I, relax as R, tir as T

@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((6,), "float32"), s: R.Prim("int64")):
        y = R.strided_slice(x, axes=[0], begin=[0], end=[6], strides=[s])
        return y
