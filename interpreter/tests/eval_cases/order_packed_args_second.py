# rule: eval.order eval.call eval.limit.tensor
# arg: prim int64 4
# arg: prim int64 0
# expect_error: E0906
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function(pure=False)
    def main(pn: R.Prim(value="n"), pz: R.Prim(value="z")):
        n = T.int64()
        z = T.int64()
        t = R.call_packed("rlx.make_tuple", R.shape([n * 4611686018427387904]), R.prim_value(n // z), sinfo_args=R.Object)
        return t
