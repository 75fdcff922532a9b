#include "interpreter/tir/tir_buffer.h"

#include <memory>

#include "interpreter/kernels/broadcast.h"
#include "ir/tir/scratch.h"

namespace rlx::interp::tir_eval {
namespace {

std::vector<int64_t> EvalAll(const std::vector<ExprPtr>& es, Frame& f) {
  std::vector<int64_t> v;
  v.reserve(es.size());
  for (const auto& e : es) v.push_back(e->Int(f, 0));
  return v;
}


}  // namespace

CompiledLayout CompileLayout(const tir::Buffer& b, Scope& scope) {
  CompiledLayout l;
  l.buffer = &b;
  auto integer = [&](const Ref<PrimExpr>& e, const char* what) {
    ExprPtr c = CompileExpr(*e, scope);
    if (!IsInteger(c->dtype)) {
      IllFormed("buffer '" + b.name + "' has a " + what + " that is not an integer", "tir.eval.ill-formed");
    }
    return c;
  };
  for (const auto& e : b.shape) l.shape.push_back(integer(e, "shape"));
  for (const auto& e : b.strides) l.strides.push_back(integer(e, "stride"));
  if (b.elem_offset) l.offset = integer(b.elem_offset, "element offset");
  if (!l.strides.empty() && l.strides.size() != l.shape.size()) {
    IllFormed("buffer '" + b.name + "' has " + std::to_string(l.strides.size()) + " strides for rank " +
                  std::to_string(l.shape.size()),
              "tir.eval.ill-formed");
  }
  l.slot = scope.DefineBuffer(b);
  return l;
}

void CompiledLayout::Allocate(Frame& f) const {
  std::vector<int64_t> extents = EvalAll(shape, f);
  std::vector<int64_t> steps = EvalAll(strides, f);
  const int64_t off = offset ? offset->Int(f, 0) : 0;
  for (int64_t e : extents) {
    if (e < 0) {
      Fail(ErrorCode::kInvalidValue, "buffer '" + buffer->name + "' is allocated with the negative extent " + std::to_string(e),
           "tir.block.alloc");
    }
  }
  if (steps.empty()) steps = RowMajorStrides(extents);
  const int64_t elements = tir::ElementsSpanned(extents, steps, off);
  if (elements < 0) Fail(ErrorCode::kTensorTooLarge, "buffer '" + buffer->name + "' is larger than int64 elements");
  // A compact buffer is allocated with its own shape; a strided one as the elements it spans.
  // A scratch buffer counts towards no limit (tir.eval.alloc.scratch).
  Tensor t = tir::ScratchBytes(*buffer) >= 0   ? std::make_shared<TensorData>(buffer->dtype, extents)
             : strides.empty() && !offset ? f.ctx->allocator().Alloc(buffer->dtype, extents)
                                          : f.ctx->allocator().Alloc(buffer->dtype, {elements});
  std::string why = BindBuffer(f, slot, *buffer, std::move(t), std::move(extents), std::move(steps), off);
  if (!why.empty()) Fail(ErrorCode::kInvalidValue, why, "tir.block.alloc");
}

std::string BindBuffer(Frame& f, int slot, const tir::Buffer& b, Tensor t, std::vector<int64_t> shape,
                       std::vector<int64_t> strides, int64_t offset) {
  if (strides.empty()) strides = RowMajorStrides(shape);
  for (size_t a = 0; a < shape.size(); ++a) {
    if (shape[a] < 0) return "buffer '" + b.name + "' has the negative extent " + std::to_string(shape[a]);
    if (strides[a] < 0) return "buffer '" + b.name + "' has the negative stride " + std::to_string(strides[a]);
  }
  if (offset < 0) return "buffer '" + b.name + "' has the negative element offset " + std::to_string(offset);
  const int64_t span = tir::ElementsSpanned(shape, strides, offset);
  if (span < 0 || span > t->num_elements()) {
    return "buffer '" + b.name + "' spans more elements than its tensor's " + std::to_string(t->num_elements());
  }
  BoundBuffer& bb = f.buffers[slot];
  bb.buffer = &b;
  bb.data = t->mutable_data();
  bb.capacity = t->num_elements();
  bb.shape = std::move(shape);
  bb.strides = std::move(strides);
  bb.offset = offset;
  bb.owner = std::move(t);
  return "";
}

}  // namespace rlx::interp::tir_eval
