# rule: eval.order eval.tuple eval.trap.div-zero
# arg: prim int64 4
# arg: prim int64 0
# expect_error: E3006
from tvm.script import ir as I, relax as R, tir as T


# The fields of a Tuple are evaluated first to last: the first field divides by z = 0 (E3006)
# before the second field's dimension overflows int64 (which would be E0906).
@I.ir_module
class Module:
    @R.function
    def main(pn: R.Prim(value="n"), pz: R.Prim(value="z")):
        n = T.int64()
        z = T.int64()
        t = (R.prim_value(n // z), R.shape([n * 4611686018427387904]))
        return t
