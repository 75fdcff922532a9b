# rule: eval.print.format
# arg: prim int64 5
# expect_print: {} {5} }{ {{
# expect: ()
from tvm.script import ir as I, relax as R, tir as T


# "{{" gives "{", "}}" gives "}", "{}" gives the next value.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(p: R.Prim("int64")):
        u = R.print(p, format="{{}} {{{}}} }}{{ {{{{")
        return u
