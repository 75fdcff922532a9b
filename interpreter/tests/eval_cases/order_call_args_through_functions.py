# rule: eval.order eval.call.closure eval.print
# expect_print: enter outer
# expect_print: inner a
# expect_print: inner b
# expect_print: leave outer
# expect: (1, 2)
from tvm.script import ir as I, relax as R, tir as T


# The bindings of the caller and of each callee are evaluated in order, a callee's body
# completely before the caller's next binding.
@I.ir_module
class Module:
    @R.function(pure=False)
    def inner(p: R.Prim("int64"), tag: R.Object) -> R.Prim("int64"):
        R.print(tag, format="inner {}")
        return p

    @R.function(pure=False)
    def main():
        R.print(format="enter outer")
        a = Module.inner(R.prim_value(1), R.str("a"))
        b = Module.inner(R.prim_value(2), R.str("b"))
        R.print(format="leave outer")
        return (a, b)
