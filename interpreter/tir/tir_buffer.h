// Binding TIR buffers to tensors (spec tir.eval.bind, tir.block.alloc): the layout a buffer
// declares — shape, strides, element offset — evaluated in the frame, validated against the
// tensor's elements, and, for allocations, a fresh zero-filled tensor.
#pragma once

#include <string>
#include <vector>

#include "interpreter/tir/tir_compile.h"

namespace rlx::interp::tir_eval {

/// The compiled layout expressions of a buffer and the slot it is bound in.
struct CompiledLayout {
  const tir::Buffer* buffer = nullptr;
  int slot = -1;
  std::vector<ExprPtr> shape;
  std::vector<ExprPtr> strides;  // empty: compact row-major
  ExprPtr offset;                // null: 0

  /// Allocates a zero-filled tensor for the buffer through the context's allocator (so the
  /// interpreter's memory limits hold) and binds it.
  void Allocate(Frame& f) const;
  /// Drops the allocation (the end of its block).
  void Release(Frame& f) const { f.buffers[slot] = BoundBuffer{}; }
};

/// Compiles `b`'s layout in `scope` and defines its buffer slot.
CompiledLayout CompileLayout(const tir::Buffer& b, Scope& scope);

/// Binds `t` to slot `slot` with the given extents, strides (empty: row-major over `shape`) and
/// offset. Returns "" or why the layout does not fit in the tensor's elements (a negative
/// extent, stride or offset, or an element past the end).
std::string BindBuffer(Frame& f, int slot, const tir::Buffer& b, Tensor t, std::vector<int64_t> shape,
                       std::vector<int64_t> strides, int64_t offset);

}  // namespace rlx::interp::tir_eval
