# rule: eval.trap.value eval.num.astype
# arg: uint64 (1,) [18446744073709551615]
# expect_error: E3012
from tvm.script import ir as I, relax as R, tir as T


# A uint64 above 2^63 - 1 wraps to a negative int64 (-1) in the conversion: E3012.
@I.ir_module
class Module:
    @R.function
    def main(t: R.Tensor((1,), "uint64")):
        s = R.tensor_to_shape(t)
        return s
