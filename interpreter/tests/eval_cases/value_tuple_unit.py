# rule: eval.value.tuple eval.tuple eval.print.value
# expect: ()
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main() -> R.Tuple:
        u = R.tuple()
        return u
