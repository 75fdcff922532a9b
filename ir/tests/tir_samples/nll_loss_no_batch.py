# source: apache/tvm tests/python/relax/test_transform_legalize_ops_nn.py@03a16937915e2283cc89397410d33eef2e5e025b, test_nll_no_batch
# Mixed T.handle / T.Buffer params; T.alloc_buffer(()) (0-d); gather-style index `A[B[()]]` inside
# T.reads; T.Select; `!=` on int64; T.axis.spatial(T.int64(1), T.int64(0)) vs (1, T.int64(0)).
import tvm
from tvm.script import ir as I, relax as R, tir as T


@tvm.script.ir_module
class Expected:
    @R.function
    def main(predictions: R.Tensor(("C",), dtype="float32"), targets: R.Tensor((), dtype="int64"), weights: R.Tensor(("C",), dtype="float32")) -> R.Tensor((), dtype="float32"):
        C = T.int64()
        gv = R.call_tir(Expected.nll_loss, (predictions, targets, weights), out_sinfo=R.Tensor((), dtype="float32"))
        return gv

    @T.prim_func
    def nll_loss(var_rxplaceholder: T.handle, rxplaceholder: T.Buffer((), "int64"), var_rxplaceholder_1: T.handle, T_divide: T.Buffer((), "float32")):
        T.func_attr({"tir.noalias": True})
        C = T.int64()
        rxplaceholder_1 = T.match_buffer(var_rxplaceholder, (C,))
        rxplaceholder_2 = T.match_buffer(var_rxplaceholder_1, (C,))
        # with T.block("root"):
        nll_loss = T.alloc_buffer(())
        nll_loss_1 = T.alloc_buffer(())
        with T.block("nll_loss"):
            vi = T.axis.spatial(T.int64(1), T.int64(0))
            T.reads(rxplaceholder[()], rxplaceholder_1[rxplaceholder[()]], rxplaceholder_2[rxplaceholder[()]])
            T.writes(nll_loss[()])
            nll_loss[()] = T.Select(rxplaceholder[()] != T.int64(1), (T.float32(0) - rxplaceholder_1[rxplaceholder[()]]) * rxplaceholder_2[rxplaceholder[()]], T.float32(0))
        with T.block("nll_loss_1"):
            vi = T.axis.spatial(T.int64(1), T.int64(0))
            T.reads(rxplaceholder[()], rxplaceholder_2[rxplaceholder[()]])
            T.writes(nll_loss_1[()])
            nll_loss_1[()] = T.Select(rxplaceholder[()] != T.int64(1), rxplaceholder_2[rxplaceholder[()]], T.float32(0))
        with T.block("T_divide"):
            vi = T.axis.spatial(1, T.int64(0))
            T.reads(nll_loss[()], nll_loss_1[()])
            T.writes(T_divide[()])
            T_divide[()] = nll_loss[()] / nll_loss_1[()]
