// The TIR interpreter's compiled form (spec §7.5, tir.eval.*): every variable of a PrimFunc is
// resolved once to a slot of a frame and every buffer to a buffer slot, expressions become trees
// of typed nodes and statements trees of statement nodes, so running a loop nest looks up no
// names. Internal to interpreter/tir/.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "interpreter/kernels/element_types.h"
#include "interpreter/runtime_names.h"
#include "ir/tir/buffer.h"
#include "runtime/call_context.h"
#include "runtime/runtime_error.h"
#include "runtime/value.h"

namespace rlx::interp::tir_eval {

/// A buffer bound to tensor bytes for the length of a call (a parameter) or of a block (an
/// allocation).
struct BoundBuffer {
  const tir::Buffer* buffer = nullptr;
  uint8_t* data = nullptr;
  int64_t capacity = 0;          // elements addressable from `data`
  std::vector<int64_t> shape;    // per axis
  std::vector<int64_t> strides;  // per axis, in elements
  int64_t offset = 0;            // the element offset
  Tensor owner;                  // keeps the bytes alive
};

/// The state of one call: integer slots (ints, bools and uint64 bits), float slots (the exact
/// value of an element of the variable's dtype), buffer slots, and the loop iterations not yet
/// charged to eval.limit.work.
struct Frame {
  std::vector<int64_t> ints;
  std::vector<double> floats;
  std::vector<BoundBuffer> buffers;
  std::vector<int64_t> offsets;  // element offsets kept by loop nests (NestPlan)
  CallContext* ctx = nullptr;
  int64_t pending_work = 0;

  /// Counts `n` loop iterations (tir.eval.work); charges the context in batches.
  void CountIterations(int64_t n) {
    if (__builtin_add_overflow(pending_work, n, &pending_work)) pending_work = INT64_MAX;
    if (pending_work >= kWorkBatch) FlushWork();
  }
  void FlushWork() {
    if (pending_work > 0) ctx->ChargeWork(pending_work);
    pending_work = 0;
  }
  static constexpr int64_t kWorkBatch = 1 << 16;
};

/// A compiled expression. Integer and bool nodes answer Int, float nodes Float (the other
/// accessor converts); `lane` is the vector lane evaluated (scalars ignore it).
class ExprNode {
 public:
  explicit ExprNode(DataType t) : dtype(t) {}
  virtual ~ExprNode() = default;
  virtual int64_t Int(Frame& f, int lane) const = 0;
  virtual double Float(Frame& f, int lane) const = 0;
  DataType dtype;
};
using ExprPtr = std::unique_ptr<ExprNode>;

/// A compiled statement.
class StmtNode {
 public:
  virtual ~StmtNode() = default;
  virtual void Run(Frame& f) const = 0;
};
using StmtPtr = std::unique_ptr<StmtNode>;

// ---- values of element type T in frame cells ----

/// The element of type T a child node computes.
template <class T>
inline T Get(const ExprNode& n, Frame& f, int lane) {
  if constexpr (kIsFloatElem<T>) return RoundFloat<T>(n.Float(f, lane));  // exact: already a T
  else if constexpr (std::is_same_v<T, bool>) return n.Int(f, lane) != 0;
  else return static_cast<T>(n.Int(f, lane));
}
/// An element as an integer cell (uint64 keeps its bits) and as a float cell.
template <class T>
inline int64_t IntCell(T v) {
  if constexpr (kIsFloatElem<T>) return SaturateFromDouble<int64_t>(ToDouble(v));
  else return static_cast<int64_t>(v);
}
template <class T>
inline double FloatCell(T v) {
  return ToDouble(v);
}

/// A node computing elements of type T: Derived::Eval gives the element; one virtual call per
/// node.
template <class T, class Derived>
class TypedNode : public ExprNode {
 public:
  TypedNode() : ExprNode(DTypeOf<T>()) {}
  int64_t Int(Frame& f, int lane) const final {
    return IntCell(static_cast<const Derived*>(this)->Eval(f, lane));
  }
  double Float(Frame& f, int lane) const final {
    return FloatCell(static_cast<const Derived*>(this)->Eval(f, lane));
  }
};

}  // namespace rlx::interp::tir_eval
