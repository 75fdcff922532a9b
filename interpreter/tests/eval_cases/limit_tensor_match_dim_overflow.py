# rule: eval.limit.tensor eval.match-cast eval.prim-expr
# arg: prim int64 4294967296
# arg: float32 (2,) [1.0, 2.0]
# expect_error: E0906
from tvm.script import ir as I, relax as R, tir as T


# A dimension compared by a match is evaluated as a dimension: n * n overflows int64, which is
# the exhaustion E0906 (not a mismatch, not E3012).
@I.ir_module
class Module:
    @R.function
    def main(pn: R.Prim(value="n"), x: R.Tensor(dtype="float32", ndim=1)):
        n = T.int64()
        y = R.match_cast(x, R.Tensor((n * n,), "float32"))
        return y
