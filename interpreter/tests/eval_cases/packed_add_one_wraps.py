# rule: eval.packed.builtins eval.call.op eval.num.int-wrap
# arg: int8 (3,) [127, -1, 5]
# expect: [-128, 0, 6]
from tvm.script import ir as I, relax as R, tir as T


# test.add_one through R.call_pure_packed (a pure op call of a packed function): x + 1 in int8,
# wrapping.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((3,), "int8")):
        with R.dataflow():
            y = R.call_pure_packed("test.add_one", x, sinfo_args=R.Tensor((3,), "int8"))
            R.output(y)
        return y
