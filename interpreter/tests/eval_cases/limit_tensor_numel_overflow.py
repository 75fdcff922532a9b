# rule: eval.limit.tensor
# arg: prim int64 4294967296
# expect_error: E0906
from tvm.script import ir as I, relax as R, tir as T


# Each extent (2^32) fits in int64, but their product 2^64 does not: exhausted with E0906 (not
# a trap), whatever the byte limit.
@I.ir_module
class Module:
    @R.function
    def main(pn: R.Prim(value="n")):
        n = T.int64()
        z = R.zeros(R.shape([n, n]), dtype="int8")
        return z
