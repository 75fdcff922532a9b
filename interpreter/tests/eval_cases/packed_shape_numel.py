# rule: eval.packed.builtins eval.value.prim
# arg: shape (2, 3, 4)
# expect: (24, 1)
from tvm.script import ir as I, relax as R, tir as T


# The product of the elements, an int64 primitive value; 1 for a shape of length 0.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(s: R.Shape(ndim=3)):
        a = R.call_packed("rlx.shape_numel", s, sinfo_args=R.Prim("int64"))
        b = R.call_packed("rlx.shape_numel", R.shape([]), sinfo_args=R.Prim("int64"))
        return (a, b)
