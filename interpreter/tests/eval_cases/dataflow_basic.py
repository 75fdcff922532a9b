# rule: eval.dataflow eval.seq
# arg: float32 (2,) [1.0, -2.0]
# expect: [2.0, 0.0]
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(("n",), "float32")) -> R.Tensor(("n",), "float32"):
        with R.dataflow():
            a = R.nn.relu(x)
            b = R.add(a, a)
            R.output(b)
        return b
