# rule: eval.trap.index eval.call.op
# arg: float32 (2, 3) [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
# arg: int64 (2,) [5, 0]
# expect: [6.0, 1.0]
from tvm.script import ir as I, relax as R, tir as T


# With axis None the indices select from the 6 flattened elements.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((2, 3), "float32"), i: R.Tensor((2,), "int64")):
        r = R.take(x, i)
        return r
