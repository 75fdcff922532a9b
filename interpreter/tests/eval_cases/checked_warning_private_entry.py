# rule: eval.checked eval.entry
# arg: int32 (2,) [1, 2]
# expect: [2, 4]
from tvm.script import ir as I, relax as R, tir as T


# A module without a public function gets the warning E1007, which does not prevent evaluation;
# the entry may be a private function.
@I.ir_module
class Module:
    @R.function(private=True)
    def main(x: R.Tensor((2,), "int32")):
        y = R.add(x, x)
        return y
