# rule: eval.limit.work
# limit: max_work=3068
# expect: [[3.0, 3.0, 3.0, 3.0], [3.0, 3.0, 3.0, 3.0]]
from tvm.script import ir as I, relax as R, tir as T


# Three bindings count 3,000; the operands 6 and 12; R.matmul its operands' 18, k = 3
# multiply-adds for each of its 8 result elements (24) and its result's 8: 3,068 in all.
@I.ir_module
class Module:
    @R.function
    def main():
        a = R.ones(R.shape([2, 3]), dtype="float32")
        b = R.ones(R.shape([3, 4]), dtype="float32")
        c = R.matmul(a, b)
        return c
