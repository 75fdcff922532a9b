# rule: eval.limit.work
# limit: max_work=4000
# expect: R.shape([4611686018427387904, 0])
from tvm.script import ir as I, relax as R, tir as T


# Tensors without elements are no work, whatever their other extents: R.eye of 2^62 rows and no
# column, its scan along the rows and its softmax run at once, within the work of their four
# bindings (4,000).
@I.ir_module
class Module:
    @R.function
    def main():
        e = R.eye(4611686018427387904, 0)
        c = R.cumsum(e, axis=0)
        s = R.nn.softmax(c, axis=1)
        r = R.shape_of(s)
        return r
