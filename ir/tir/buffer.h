// A TIR buffer (spec §7.1, tir.buffer): a named, typed view of memory with a symbolic shape.
// Buffers are bound to tensors by a PrimFunc's parameters (T.Buffer / T.match_buffer) or
// allocated by a block (T.alloc_buffer) or a declaration (T.decl_buffer). Identity is the node.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ir/base/source.h"
#include "ir/dtype.h"
#include "ir/prim_expr.h"
#include "ir/ref.h"

namespace rlx::tir {

class Buffer {
 public:
  std::string name;
  DataType dtype = DataType::kFloat32;
  /// One extent per axis (int32 or int64 expressions; variables are defined by the first
  /// parameter buffer that mentions them, spec tir.func.buffer-map).
  std::vector<Ref<PrimExpr>> shape;
  /// Element strides per axis; empty means compact row-major.
  std::vector<Ref<PrimExpr>> strides;
  /// The offset of element 0 in elements; null means 0.
  Ref<PrimExpr> elem_offset;
  /// The storage scope ("global", "shared", "local", ...).
  std::string scope = "global";
  /// Alignment and offset factor, as TVM's T.Buffer keeps them (0: the default).
  int64_t align = 0;
  int64_t offset_factor = 0;
  Span span;

  static Ref<Buffer> Make(std::string name, DataType dtype, std::vector<Ref<PrimExpr>> shape,
                          Span span = {});
  /// A copy with other fields (for rewrites).
  static Ref<Buffer> MakeFull(Buffer b) { return std::make_shared<const Buffer>(std::move(b)); }
  size_t ndim() const { return shape.size(); }
  /// True when the buffer is compact, offset 0, in the global scope, with default alignment.
  bool is_plain() const {
    return strides.empty() && !elem_offset && scope == "global" && align == 0 && offset_factor == 0;
  }
};

/// The number of elements a layout spans from element 0 (0 when an extent is 0), or -1 when it
/// overflows int64 (tir.eval.bind, tir.block.alloc).
int64_t ElementsSpanned(const std::vector<int64_t>& shape, const std::vector<int64_t>& strides, int64_t offset);

}  // namespace rlx::tir
