# rule: eval.packed.builtins eval.packed.fail
# arg: shape (2, 3)
# expect_error: E3010
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function(pure=False)
    def main(s: R.Shape(ndim=2)):
        r = R.call_packed("rlx.shape_add", s, R.shape([1]), sinfo_args=R.Shape)
        return r
