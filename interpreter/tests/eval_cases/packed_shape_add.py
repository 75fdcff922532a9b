# rule: eval.packed.builtins eval.value.shape
# arg: shape (2, 3)
# expect: R.shape([12, 23])
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function(pure=False)
    def main(s: R.Shape(ndim=2)):
        r = R.call_packed("rlx.shape_add", s, R.shape([10, 20]), sinfo_args=R.Shape(ndim=2))
        return r
