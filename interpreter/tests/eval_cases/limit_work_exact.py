# rule: eval.limit.work
# limit: max_work=2016
# expect: [2.0, 2.0, 2.0, 2.0]
from tvm.script import ir as I, relax as R, tir as T


# Each binding counts 1,000; R.ones counts its result's 4 elements, R.add its operands' 8 and its
# result's 4: 2,016 in all.
@I.ir_module
class Module:
    @R.function
    def main():
        a = R.ones(R.shape([4]), dtype="float32")
        b = R.add(a, a)
        return b
