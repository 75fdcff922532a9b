# rule: eval.value.tuple eval.tuple eval.print.value
# arg: int64 (1,) [5]
# expect: ([5],)
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((1,), "int64")) -> R.Tuple(R.Tensor((1,), "int64")):
        t = (x,)
        return t
