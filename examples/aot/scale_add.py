# The model examples/aot/main.c calls through the library `rlx compile` makes of it
# (examples/aot/run_example.sh; docs/cli.md, `rlx compile`).
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(("n", 4), "float32"), b: R.Tensor((4,), "float32")):
        n = T.int64()
        with R.dataflow():
            y = R.add(R.multiply(x, R.const(2.0, "float32")), b)
            s = R.sum(y, axis=[1])
            R.output(y, s)
        return (y, s)

    @R.function
    def ratio(a: R.Tensor((2,), "int32"), d: R.Tensor((2,), "int32")) -> R.Tensor((2,), "int32"):
        q = R.floor_divide(a, d)
        return q
