# rule: eval.value.tensor eval.print.value
# expect: []
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main() -> R.Tensor((0, 3), "float32"):
        z = R.zeros(R.shape([0, 3]), dtype="float32")
        return z
