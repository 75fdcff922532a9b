# rule: eval.alias eval.tuple eval.tuple-get-item eval.value.tuple
# arg: float32 (2,) [1.0, 2.0]
# arg: float32 (2,) [10.0, 20.0]
# expect: ([11.0, 22.0], [10.0, 20.0])
from tvm.script import ir as I, relax as R, tir as T


# Building a tuple and projecting a field share the tensors: writing into t[0] writes into a,
# and the tuple (which holds a by reference) shows the new elements.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(a: R.Tensor((2,), "float32"), b: R.Tensor((2,), "float32")):
        t = (a, b)
        f = t[0]
        _ = R.call_packed("rlx.add_inplace", f, b, sinfo_args=R.Tensor((2,), "float32"))
        return t
