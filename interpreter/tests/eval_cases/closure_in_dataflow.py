# rule: eval.closure.no-dataflow eval.dataflow eval.function
# arg: float32 (2,) [1.0, 2.0]
# expect: [3.0, 6.0]
from tvm.script import ir as I, relax as R, tir as T


# A local function defined inside a dataflow block uses x (a Var), never a DataflowVar; it is
# an output of the block and is called after the block ended.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((2,), "float32")):
        with R.dataflow():
            d = R.add(x, x)

            @R.function
            def triple(a: R.Tensor((2,), "float32")) -> R.Tensor((2,), "float32"):
                b = R.add(a, x)
                c = R.add(b, x)
                return c

            R.output(triple)
        r = triple(x)
        return r
