# rule: eval.match-cast eval.match-cast.tuple
# arg: float32 (2,) [1.0, 2.0]
# arg: prim int64 5
# expect: R.shape([2, 5])
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(dtype="float32", ndim=1), p: R.Prim("int64")):
        n = T.int64()
        k = T.int64()
        t = R.match_cast((x, p), R.Tuple(R.Tensor((n,), "float32"), R.Prim(value=k)))
        r = R.shape([n, k])
        return r
