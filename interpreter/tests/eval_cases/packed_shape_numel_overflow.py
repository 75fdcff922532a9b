# rule: eval.packed.builtins eval.packed.fail
# arg: shape (4294967296, 4294967296)
# expect_error: E3010
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function(pure=False)
    def main(s: R.Shape(ndim=2)):
        a = R.call_packed("rlx.shape_numel", s, sinfo_args=R.Prim("int64"))
        return a
