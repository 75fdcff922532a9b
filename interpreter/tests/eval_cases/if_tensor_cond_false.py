# rule: eval.if eval.if.cond
# arg: bool () [false]
# arg: float32 (2,) [1.0, -2.0]
# expect: [-1.0, 2.0]
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main(c: R.Tensor((), "bool"), x: R.Tensor(("n",), "float32")) -> R.Tensor(("n",), "float32"):
        if c:
            y = R.nn.relu(x)
        else:
            y = R.negative(x)
        return y
