# rule: eval.alias eval.call.op
# arg: float32 (2,) [1.0, 2.0]
# expect: ([1.0, 2.0], [2.0, 3.0], [2.0, 3.0])
from tvm.script import ir as I, relax as R, tir as T


# An op's result is always fresh, even a reshape to the same shape and an astype to the same
# dtype: writing into them does not change x.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(x: R.Tensor((2,), "float32")):
        r = R.reshape(x, R.shape([2]))
        c = R.astype(x, "float32")
        one = R.const(1.0, "float32")
        _ = R.call_packed("rlx.add_inplace", r, one, sinfo_args=R.Tensor((2,), "float32"))
        _ = R.call_packed("rlx.add_inplace", c, one, sinfo_args=R.Tensor((2,), "float32"))
        return (x, r, c)
