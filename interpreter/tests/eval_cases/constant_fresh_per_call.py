# rule: eval.constant eval.alias
# expect: ([2.0, 4.0], [1.0, 2.0])
from tvm.script import ir as I, relax as R, tir as T


# A Constant evaluates to a fresh tensor every time: the second call of make() is not affected
# by the write into the first call's result.
@I.ir_module
class Module:
    @R.function
    def make() -> R.Tensor((2,), "float32"):
        c = R.const([1.0, 2.0], "float32")
        return c

    @R.function(pure=False)
    def main():
        a = Module.make()
        _ = R.call_packed("rlx.add_inplace", a, a, sinfo_args=R.Tensor((2,), "float32"))
        b = Module.make()
        return (a, b)
