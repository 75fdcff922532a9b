# rule: eval.tuple-get-item eval.tuple
# arg: float32 (2,) [1.0, 2.0]
# expect: (R.shape([3]), [1.0, 2.0], 5)
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((2,), "float32")):
        t = (x, (R.shape([3]), R.prim_value(5)))
        inner = t[1]
        a = inner[0]
        b = t[0]
        c = inner[1]
        return (a, b, c)
