# rule: eval.dataflow eval.op.constraint
# arg: float32 (2,) [1.0, 2.0]
# arg: float32 (3,) [1.0, 2.0, 3.0]
# expect_error: E3005
from tvm.script import ir as I, relax as R, tir as T


# A failing pure op call whose result is unused is still evaluated (and traps).
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(("n",), "float32"), w: R.Tensor(("m",), "float32")):
        with R.dataflow():
            unused = R.add(x, w)
            y = R.add(x, x)
            R.output(y)
        return y
