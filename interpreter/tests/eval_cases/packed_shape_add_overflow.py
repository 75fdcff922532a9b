# rule: eval.packed.builtins eval.packed.fail
# arg: shape (9223372036854775807,)
# expect_error: E3010
from tvm.script import ir as I, relax as R, tir as T


# A sum outside int64 is an error of the packed function (E3010).
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(s: R.Shape(ndim=1)):
        r = R.call_packed("rlx.shape_add", s, R.shape([1]), sinfo_args=R.Shape(ndim=1))
        return r
