# rule: eval.match-cast eval.match-cast.tuple eval.match-cast.tensor
# arg: float32 (4,) [1.0, 2.0, 3.0, 4.0]
# arg: float32 (3,) [1.0, 2.0, 3.0]
# arg: prim int64 0
# expect_error: E3001
from tvm.script import ir as I, relax as R, tir as T


# Pass 1 (structure) checks every part before any dimension is evaluated: the second field's
# dtype (float32 vs int32) is a mismatch (E3001) although the first field's dimension 4 // z
# would divide by zero (E3006) in pass 3.
@I.ir_module
class Module:
    @R.function
    def main(a: R.Tensor("float32", ndim=1), b: R.Tensor("float32", ndim=1), pz: R.Prim(value="z")):
        z = T.int64()
        t = R.match_cast((a, b), R.Tuple(R.Tensor((4 // z,), "float32"), R.Tensor("int32", ndim=1)))
        return t
