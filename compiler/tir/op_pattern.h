// The op pattern of a PrimFunc (TVM's OpPatternKind): what kind of loop nest it is, which
// decides what fuse-ops may group (pass.annotate-op-pattern).
#pragma once

#include "ir/tir/prim_func.h"

namespace rlx::compiler {

/// TVM's numbering, which TVM's `op_pattern` function attribute uses too.
enum class OpPattern : int {
  kElemWise = 0,         // every input read at the output's index
  kBroadcast = 1,        // inputs read at a subsequence of the output's index (or constants)
  kInjective = 2,        // each output element computed from inputs without a reduction
  kCommReduce = 3,       // a reduction over some axes
  kOutEWiseFusable = 4,  // a contraction (matmul, conv): fusable with an elementwise epilogue
  kTuple = 7,
  kOpaque = 8,           // anything else: never fused
};

/// "elemwise", "broadcast", "injective", "comm-reduce", "out-ewise-fusable", "tuple", "opaque".
const char* OpPatternName(OpPattern p);

/// The pattern of `f`'s loop nests (spec pass.annotate-op-pattern).
OpPattern AnalyzeOpPattern(const tir::PrimFunc& f);

/// The pattern `f`'s `op_pattern` attribute records, or kOpaque when it has none (or an
/// unknown one).
OpPattern RecordedOpPattern(const tir::PrimFunc& f);

}  // namespace rlx::compiler
