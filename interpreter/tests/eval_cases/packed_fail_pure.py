# rule: eval.packed.fail eval.call.op eval.dataflow
# expect_error: E3010
from tvm.script import ir as I, relax as R, tir as T


# A failing packed function called through R.call_pure_packed inside a dataflow block whose
# result is never used: the binding is still evaluated (no dead-code removal) and traps.
@I.ir_module
class Module:
    @R.function
    def main():
        with R.dataflow():
            unused = R.call_pure_packed("rlx.fail", R.str("boom"), sinfo_args=R.Object)
            y = R.prim_value(1)
            R.output(y)
        return y
