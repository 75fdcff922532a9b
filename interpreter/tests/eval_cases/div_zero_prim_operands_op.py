# rule: eval.trap.div-zero eval.num.int-div-zero eval.call.op
# arg: prim int64 0
# expect_error: E3006
from tvm.script import ir as I, relax as R, tir as T


# An op on primitive-value operands (sinfo.op.prim-operand): an integer floor_divide by zero.
@I.ir_module
class Module:
    @R.function
    def main(z: R.Prim("int64")):
        q = R.floor_divide(R.prim_value(7), z)
        return q
