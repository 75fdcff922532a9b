# rule: eval.order eval.tuple eval.limit.tensor
# arg: prim int64 4
# arg: prim int64 0
# expect_error: E0906
from tvm.script import ir as I, relax as R, tir as T


# The same fields as order_tuple_fields_first.py in the other order: the dimension
# 4 * 2^62 overflows int64 (E0906, eval.prim-expr) before the division by zero is reached.
@I.ir_module
class Module:
    @R.function
    def main(pn: R.Prim(value="n"), pz: R.Prim(value="z")):
        n = T.int64()
        z = T.int64()
        t = (R.shape([n * 4611686018427387904]), R.prim_value(n // z))
        return t
