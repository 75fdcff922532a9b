# rule: eval.order eval.call.op eval.trap.div-zero
# arg: prim int64 4
# arg: prim int64 0
# expect_error: E3006
from tvm.script import ir as I, relax as R, tir as T


# An op evaluates its arguments left to right before deciding its constraints: start = n // z
# traps before end (an overflowing PrimValue, E3012) is evaluated.
@I.ir_module
class Module:
    @R.function
    def main(pn: R.Prim(value="n"), pz: R.Prim(value="z")):
        n = T.int64()
        z = T.int64()
        a = R.arange(R.prim_value(n // z), R.prim_value(n * 4611686018427387904), R.prim_value(1))
        return a
