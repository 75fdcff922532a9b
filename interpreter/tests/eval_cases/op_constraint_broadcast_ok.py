# rule: eval.op.constraint eval.call.op
# arg: float32 (2,) [1.0, 2.0]
# arg: float32 (1,) [10.0]
# expect: [11.0, 12.0]
from tvm.script import ir as I, relax as R, tir as T


# m = 1 broadcasts against n = 2.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(("n",), "float32"), y: R.Tensor(("m",), "float32")):
        z = R.add(x, y)
        return z
