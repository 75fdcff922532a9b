# rule: eval.dataflow eval.seq eval.binding.var
# arg: int32 (2,) [1, 2]
# expect: [4, 8]
from tvm.script import ir as I, relax as R, tir as T


# Two dataflow blocks and an ordinary binding between them; outputs flow between blocks.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((2,), "int32")):
        with R.dataflow():
            a = R.add(x, x)
            R.output(a)
        b = a
        with R.dataflow():
            c = R.add(b, b)
            R.output(c)
        return c
