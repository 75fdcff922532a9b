# rule: eval.alias eval.match-cast
# arg: int64 (2,) [5, 6]
# expect: [10, 12]
from tvm.script import ir as I, relax as R, tir as T


# MatchCast binds its variable to the value, shared.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(x: R.Tensor(dtype="int64", ndim=1)):
        n = T.int64()
        y = R.match_cast(x, R.Tensor((n,), "int64"))
        _ = R.call_packed("rlx.add_inplace", y, y, sinfo_args=R.Tensor((n,), "int64"))
        return x
