# rule: eval.order eval.shape-expr eval.trap.div-zero
# arg: prim int64 4
# arg: prim int64 0
# expect_error: E3006
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main(pn: R.Prim(value="n"), pz: R.Prim(value="z")):
        n = T.int64()
        z = T.int64()
        s = R.shape([n // z, n * 4611686018427387904])
        return s
