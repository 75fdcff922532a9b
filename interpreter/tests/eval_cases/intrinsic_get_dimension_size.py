# rule: eval.call.op eval.value.prim
# arg: float32 (3, 0, 2) []
# expect: (0, 2, 3)
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(dtype="float32", ndim=3)):
        a = R.get_dimension_size(x, axis=1)
        b = R.get_dimension_size(x, axis=-1)
        c = R.get_dimension_size(x, axis=0)
        return (a, b, c)
