# rule: eval.packed.builtins eval.alias
# arg: float32 (2,) [1.0, 2.0]
# expect: ([1.0, 2.0], [4.0, 6.0])
from tvm.script import ir as I, relax as R, tir as T


# test.add_one returns a fresh tensor: writing into it leaves x unchanged.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(x: R.Tensor((2,), "float32")):
        y = R.call_packed("test.add_one", x, sinfo_args=R.Tensor((2,), "float32"))
        _ = R.call_packed("rlx.add_inplace", y, y, sinfo_args=R.Tensor((2,), "float32"))
        return (x, y)
