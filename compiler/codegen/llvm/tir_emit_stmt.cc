// TIR statements and parameters to LLVM IR, as interpreter/tir/tir_stmt.cc and tir_program.cc
// run them (tir.eval.stmt, tir.eval.for, tir.eval.block, tir.eval.bind, tir.eval.work).
#include <algorithm>

#include "compiler/codegen/llvm/tir_emitter.h"
#include "ir/tir/scratch.h"
#include "ir/tir/walk.h"

namespace rlx::compiler::codegen {

// Parameters (tir.eval.bind): scalars first; then every buffer's layout variables take the
// tensor's values (extents, row-major strides, offset 0), checked to fit their dtype; then every
// other layout value must equal the tensor's.
void TirEmitter::EmitParams(const tir::PrimFunc& f, llvm::Value* args) {
  llvm::StructType* arg_type = llvm::StructType::get(ctx_, {b_.getPtrTy(), b_.getPtrTy(), b_.getInt64Ty()});
  auto field = [&](size_t i, unsigned k, llvm::Type* t) {
    return b_.CreateLoad(t, b_.CreateStructGEP(arg_type, b_.CreateConstGEP1_64(arg_type, args, i), k));
  };
  for (size_t i = 0; i < f.params.size(); ++i) {
    const tir::Param& p = f.params[i];
    if (p.is_handle()) continue;
    const DataType t = p.var->dtype;
    llvm::Value* bits = field(i, 2, b_.getInt64Ty());
    // A float arrives as the double holding its value (already rounded to t).
    llvm::Value* v = t == DataType::kFloat32 ? b_.CreateFPTrunc(b_.CreateBitCast(bits, b_.getDoubleTy()), TypeOf(t))
                     : IsFloat(t)            ? b_.CreateBitCast(bits, b_.getDoubleTy())
                                             : b_.CreateTrunc(bits, TypeOf(t));
    DefineVar(*p.var);
    SetVar(*p.var, v);
  }
  struct Entry {
    size_t arg;
    const PrimExpr* expr;
    llvm::Value* actual;
    std::string what;
  };
  std::vector<Entry> checks;
  for (size_t i = 0; i < f.params.size(); ++i) {
    const tir::Param& p = f.params[i];
    if (!p.is_handle()) continue;
    const tir::Buffer& buf = *p.buffer;
    BufferInfo info;
    info.dtype = buf.dtype;
    info.name = buf.name;
    MemoryTypeOf(buf.dtype);
    info.data = field(i, 0, b_.getPtrTy());
    llvm::Value* shape = field(i, 1, b_.getPtrTy());
    const size_t rank = buf.ndim();
    for (size_t a = 0; a < rank; ++a) {
      info.shape.push_back(b_.CreateLoad(b_.getInt64Ty(), b_.CreateConstGEP1_64(b_.getInt64Ty(), shape, a)));
    }
    info.strides = RowMajorStrides(info.shape);
    info.offset = I64(0);
    if (!buf.strides.empty() && buf.strides.size() != rank) throw Unsupported{"buffer strides of another rank (ill-formed TIR)"};
    auto entry = [&](const Ref<PrimExpr>& e, llvm::Value* actual, const std::string& what) {
      if (e->is_var() && !vars_.count(e.get())) {
        if (!IsInteger(e->dtype)) throw Unsupported{"a buffer variable that is not an integer (ill-formed TIR)"};
        llvm::Value* v = b_.CreateTrunc(actual, TypeOf(e->dtype));
        TrapIf(b_.CreateICmpNE(ToI64(v, e->dtype), actual), "rlx_kernel_trap_bind",
               {I64(static_cast<int64_t>(i)), CString(what + " (does not fit '" + e->name + "')"), actual, ToI64(v, e->dtype)});
        DefineVar(*e);
        SetVar(*e, v);
      } else {
        checks.push_back({i, e.get(), actual, what});
      }
    };
    for (size_t a = 0; a < rank; ++a) entry(buf.shape[a], info.shape[a], "extent " + std::to_string(a));
    for (size_t a = 0; a < buf.strides.size(); ++a) entry(buf.strides[a], info.strides[a], "stride " + std::to_string(a));
    if (buf.elem_offset) entry(buf.elem_offset, I64(0), "the element offset");
    params_.push_back(&buf);
    DefineBuffer(buf, std::move(info));
  }
  for (const Entry& c : checks) {
    llvm::Value* expected = IntegerOperand(*c.expr, "a buffer layout value");
    TrapIf(b_.CreateICmpNE(expected, c.actual), "rlx_kernel_trap_bind",
           {I64(static_cast<int64_t>(c.arg)), CString(c.what), c.actual, expected});
  }
  // Past the checks, an extent the buffer declares as a constant is that constant: so it is in
  // code that does not see the check (the outlined body of a parallel loop) too.
  for (size_t i = 0; i < f.params.size(); ++i) {
    if (!f.params[i].is_handle()) continue;
    const tir::Buffer& buf = *f.params[i].buffer;
    BufferInfo& info = buffers_.at(&buf);
    for (size_t a = 0; a < buf.ndim(); ++a) {
      if (buf.shape[a]->is_int()) info.shape[a] = I64(buf.shape[a]->int_value);
    }
    info.strides = RowMajorStrides(info.shape);
  }
}

// tir.eval.work: iterations add to the pending count (saturating), charged to the context
// when a batch is full, as the interpreter's Frame::CountIterations.
void TirEmitter::EmitWork(llvm::Value* iterations) {
  llvm::Value* pending_ptr = b_.CreateStructGEP(CountersType(), counters_, 0);
  llvm::Value* pending = b_.CreateBinaryIntrinsic(llvm::Intrinsic::sadd_sat, b_.CreateLoad(b_.getInt64Ty(), pending_ptr), iterations);
  b_.CreateStore(pending, pending_ptr);
  llvm::BasicBlock* flush = llvm::BasicBlock::Create(ctx_, "work.flush", fn_);
  llvm::BasicBlock* done = llvm::BasicBlock::Create(ctx_, "work.done", fn_);
  b_.CreateCondBr(b_.CreateICmpSGE(pending, I64(RlxKernelCounters::kWorkBatch)), flush, done);
  b_.SetInsertPoint(flush);
  EmitFlushWork();
  b_.CreateBr(done);
  b_.SetInsertPoint(done);
}

void TirEmitter::EmitFlushWork() {
  llvm::Value* pending_ptr = b_.CreateStructGEP(CountersType(), counters_, 0);
  llvm::Value* pending = b_.CreateLoad(b_.getInt64Ty(), pending_ptr);
  b_.CreateStore(I64(0), pending_ptr);
  llvm::Value* status = b_.CreateCall(Helper("rlx_kernel_charge"), {call_, pending});
  TrapIf(b_.CreateICmpNE(status, b_.getInt32(0)), "", {});
}

// eval.limit.time: every kWorkBatch iterations of innermost loops (charging nothing), counted
// `iterations` (a run or a chunk of an innermost loop) at a time.
void TirEmitter::EmitTimeCheck(llvm::Value* iterations) {
  llvm::Value* left_ptr = b_.CreateStructGEP(CountersType(), counters_, 1);
  llvm::Value* left = b_.CreateSub(b_.CreateLoad(b_.getInt64Ty(), left_ptr), iterations);
  llvm::BasicBlock* check = llvm::BasicBlock::Create(ctx_, "time.check", fn_);
  llvm::BasicBlock* done = llvm::BasicBlock::Create(ctx_, "time.done", fn_);
  b_.CreateStore(left, left_ptr);
  b_.CreateCondBr(b_.CreateICmpSLE(left, I64(0)), check, done);
  b_.SetInsertPoint(check);
  b_.CreateStore(I64(RlxKernelCounters::kWorkBatch), left_ptr);
  llvm::Value* status = b_.CreateCall(Helper("rlx_kernel_charge"), {call_, I64(0)});
  TrapIf(b_.CreateICmpNE(status, b_.getInt32(0)), "", {});
  b_.CreateBr(done);
  b_.SetInsertPoint(done);
}

// A perfect nest (each loop's body the next loop, whose bounds do not depend on the nest): every
// bound evaluated when the nest starts, and nothing runs when one loop is empty (tir.eval.for);
// every run of a loop counts its iterations when it starts (tir.eval.work). Every loop kind runs
// as the serial loop (tir.for.kind), but a parallel loop whose iterations cannot observe one
// another may run on the thread pool (codegen.cpu.parallel: EmitParallelNest). The nest stops
// before an inner parallel loop, which then gets its own chance to.
void TirEmitter::EmitFor(const tir::For& outer) {
  if (Unrollable(outer)) return EmitUnrolled(outer);
  std::vector<const tir::For*> chain = {&outer};
  std::vector<const PrimExpr*> nest_vars = {outer.var.get()};
  for (;;) {
    auto inner = tir::As<tir::For>(chain.back()->body);
    if (!inner || tir::ReadsBufferOrUses(inner->min, nest_vars) || tir::ReadsBufferOrUses(inner->extent, nest_vars)) break;
    if (inner->for_kind == tir::ForKind::kParallel && !in_parallel_) break;
    if (Unrollable(*inner)) break;
    chain.push_back(inner.get());
    nest_vars.push_back(inner->var.get());
  }
  llvm::BasicBlock* skip = llvm::BasicBlock::Create(ctx_, "nest.end", fn_);
  std::vector<llvm::Value*> lo, n;
  for (const tir::For* loop : chain) {
    if (!IsInteger(loop->var->dtype)) throw Unsupported{"a loop variable that is not an integer (ill-formed TIR)"};
    lo.push_back(IntegerOperand(*loop->min, "a loop's start"));
    n.push_back(IntegerOperand(*loop->extent, "a loop's extent"));
    llvm::BasicBlock* nonempty = llvm::BasicBlock::Create(ctx_, "nest.bounds", fn_);
    b_.CreateCondBr(b_.CreateICmpSLE(n.back(), I64(0)), skip, nonempty);
    b_.SetInsertPoint(nonempty);
    // The last value lo + n - 1 must not overflow, and must be a value of the variable's dtype.
    llvm::Value* sum = b_.CreateBinaryIntrinsic(llvm::Intrinsic::sadd_with_overflow, lo.back(), b_.CreateSub(n.back(), I64(1)));
    llvm::Value* last = b_.CreateExtractValue(sum, 0);
    llvm::Value* fits = b_.CreateICmpEQ(ToI64(b_.CreateTrunc(last, TypeOf(loop->var->dtype)), loop->var->dtype), last);
    TrapIf(b_.CreateOr(b_.CreateExtractValue(sum, 1), b_.CreateNot(fits)), "rlx_kernel_trap_loop", {lo.back(), n.back()});
  }
  if (outer.for_kind != tir::ForKind::kParallel || in_parallel_ || !EmitParallelNest(chain, lo, n)) {
    EmitNestLoops(chain, lo, n, nullptr, nullptr);
  }
  b_.CreateBr(skip);
  b_.SetInsertPoint(skip);
}

// An unrolled loop (tir.for.kind) with constant bounds, at most kMaxUnroll iterations, whose
// values fit its variable's dtype, is emitted once per iteration with the variable a constant:
// the accumulators of a register tile get constant indices, so LLVM keeps them in registers.
bool TirEmitter::Unrollable(const tir::For& loop) {
  if (loop.for_kind != tir::ForKind::kUnrolled || !loop.min->is_int() || !loop.extent->is_int()) return false;
  const int64_t lo = loop.min->int_value, n = loop.extent->int_value;
  if (n > kMaxUnroll || !IsInteger(loop.var->dtype)) return false;
  return n <= 0 || (FitsDataType(loop.var->dtype, lo) && FitsDataType(loop.var->dtype, lo + n - 1));
}

// The iterations of `s` and of every unrolled loop in it, when nothing else in it counts
// (only stores, lets, declarations, evaluations, conditionals and unrollable loops); -1 otherwise.
int64_t TirEmitter::UnrolledWork(const tir::Stmt& s) {
  switch (s.kind) {
    case tir::StmtKind::kSeq: {
      int64_t sum = 0;
      for (const auto& c : static_cast<const tir::SeqStmt&>(s).seq) {
        const int64_t w = UnrolledWork(*c);
        if (w < 0) return -1;
        sum += w;
      }
      return sum;
    }
    case tir::StmtKind::kFor: {
      const auto& loop = static_cast<const tir::For&>(s);
      if (!Unrollable(loop)) return -1;
      const int64_t body = UnrolledWork(*loop.body);
      const int64_t n = std::max<int64_t>(loop.extent->int_value, 0);
      if (body < 0 || body > (int64_t{1} << 40)) return -1;  // n <= 64: no overflow
      return n + n * body;
    }
    case tir::StmtKind::kLetStmt: return UnrolledWork(*static_cast<const tir::LetStmt&>(s).body);
    case tir::StmtKind::kDeclBuffer: return UnrolledWork(*static_cast<const tir::DeclBuffer&>(s).body);
    case tir::StmtKind::kIfThenElse: {
      const auto& branch = static_cast<const tir::IfThenElse&>(s);
      const int64_t a = UnrolledWork(*branch.then_case);
      const int64_t b = branch.else_case ? UnrolledWork(*branch.else_case) : 0;
      return a == 0 && b == 0 ? 0 : -1;  // counted once only when no branch counts
    }
    case tir::StmtKind::kBufferStore:
    case tir::StmtKind::kEvaluate:
    case tir::StmtKind::kAssert: return 0;
    default: return -1;
  }
}

// An unrolled nest counts the iterations of all its loops when it starts (tir.eval.work: a loop
// counts its iterations when it starts; the inner loops of an unrolled nest are counted with the
// outermost so that its body is one straight run of code).
void TirEmitter::EmitUnrolled(const tir::For& loop) {
  const int64_t lo = loop.min->int_value, n = loop.extent->int_value;
  if (n <= 0) return;
  const bool outermost = !counting_unrolled_;
  if (outermost) {
    const int64_t total = UnrolledWork(loop);
    EmitWork(I64(total < 0 ? n : total));
    counting_unrolled_ = total >= 0;
  }
  DefineVar(*loop.var);
  loop_ranges_[loop.var.get()] = &loop;
  KnowRange(*loop.var, loop.min, loop.extent);
  for (int64_t i = 0; i < n; ++i) {
    SetVar(*loop.var, llvm::ConstantInt::get(TypeOf(loop.var->dtype), static_cast<uint64_t>(lo + i), true));
    EmitStmt(*loop.body);
  }
  loop_ranges_.erase(loop.var.get());
  UndefineVar(*loop.var);
  if (outermost) counting_unrolled_ = false;
}

// The time limit is checked per run of the innermost loop when its extent is a small constant,
// else per chunk of at most kWorkBatch iterations (the innermost loop strip-mined): never inside
// the innermost loop, so LLVM keeps what the body carries from one iteration to the next (an
// accumulator) in registers and vectorizes it.
bool TirEmitter::TimeCheckedPerRun(const tir::For& innermost) {
  return innermost.extent->is_int() && innermost.extent->int_value <= RlxKernelCounters::kWorkBatch;
}

// The loops of a nest whose bounds `lo` and extents `n` (all positive) are known, outermost
// first: a counter from 0 to n, the variable lo + counter. With `begin` and `end`, the outermost
// loop runs only iterations [begin, end), already counted (a chunk of a parallel loop).
void TirEmitter::EmitNestLoops(const std::vector<const tir::For*>& chain, const std::vector<llvm::Value*>& lo,
                               const std::vector<llvm::Value*>& n, llvm::Value* begin, llvm::Value* end) {
  const bool time_per_run = TimeCheckedPerRun(*chain.back());
  std::vector<llvm::AllocaInst*> counters;
  std::vector<llvm::BasicBlock*> heads;
  std::vector<llvm::Value*> limits;
  llvm::AllocaInst* chunk_end = nullptr;
  llvm::BasicBlock* chunk_head = nullptr;
  for (size_t l = 0; l < chain.size(); ++l) {
    const bool innermost = l + 1 == chain.size();
    const bool counted = l == 0 && begin;  // by the kernel that runs the parallel loop
    limits.push_back(counted ? end : n[l]);
    if (!counted) EmitWork(n[l]);
    if (time_per_run && innermost && !counted) EmitTimeCheck(n[l]);
    llvm::IRBuilder<> entry(&fn_->getEntryBlock(), fn_->getEntryBlock().begin());
    llvm::AllocaInst* k = entry.CreateAlloca(b_.getInt64Ty(), nullptr, "k");
    b_.CreateStore(counted ? begin : I64(0), k);
    if (innermost && !time_per_run) {
      chunk_end = entry.CreateAlloca(b_.getInt64Ty(), nullptr, "chunk.end");
      chunk_head = llvm::BasicBlock::Create(ctx_, "chunk", fn_);
      b_.CreateBr(chunk_head);
      b_.SetInsertPoint(chunk_head);
      llvm::Value* start = b_.CreateLoad(b_.getInt64Ty(), k);
      llvm::Value* left = b_.CreateSub(limits[l], start);
      llvm::Value* size = b_.CreateBinaryIntrinsic(llvm::Intrinsic::smin, left, I64(RlxKernelCounters::kWorkBatch));
      b_.CreateStore(b_.CreateAdd(start, size), chunk_end);
      EmitTimeCheck(size);
    }
    llvm::BasicBlock* body = llvm::BasicBlock::Create(ctx_, "loop", fn_);
    b_.CreateBr(body);
    b_.SetInsertPoint(body);
    const tir::For& loop = *chain[l];
    DefineVar(*loop.var);
    if (!tir::ReadsBufferOrUses(loop.min, {}) && !tir::ReadsBufferOrUses(loop.extent, {})) loop_ranges_[loop.var.get()] = &loop;
    KnowRange(*loop.var, loop.min, loop.extent);
    llvm::Value* i = b_.CreateLoad(b_.getInt64Ty(), k);
    SetVar(*loop.var, b_.CreateTrunc(b_.CreateAdd(lo[l], i), TypeOf(loop.var->dtype)));
    counters.push_back(k);
    heads.push_back(body);
  }
  EmitStmt(*chain.back()->body);
  for (size_t l = chain.size(); l-- > 0;) {
    llvm::Value* next = b_.CreateAdd(b_.CreateLoad(b_.getInt64Ty(), counters[l]), I64(1));
    b_.CreateStore(next, counters[l]);
    llvm::BasicBlock* done = llvm::BasicBlock::Create(ctx_, "loop.end", fn_);
    if (chunk_head && l + 1 == chain.size()) {
      llvm::BasicBlock* chunk_done = llvm::BasicBlock::Create(ctx_, "chunk.end", fn_);
      b_.CreateCondBr(b_.CreateICmpSLT(next, b_.CreateLoad(b_.getInt64Ty(), chunk_end)), heads[l], chunk_done);
      b_.SetInsertPoint(chunk_done);
      b_.CreateCondBr(b_.CreateICmpSLT(next, limits[l]), chunk_head, done);
    } else {
      llvm::BranchInst* latch = b_.CreateCondBr(b_.CreateICmpSLT(next, limits[l]), heads[l], done);
      if (chain[l]->for_kind == tir::ForKind::kVectorized) MarkVectorized(latch, *chain[l]);
    }
    b_.SetInsertPoint(done);
    UndefineVar(*chain[l]->var);
    loop_ranges_.erase(chain[l]->var.get());
  }
}

// Where a loop's (or domain's) bounds are constants, its variable's range, for the index checks.
void TirEmitter::KnowRange(const PrimExpr& var, const Ref<PrimExpr>& min, const Ref<PrimExpr>& extent) {
  if (min->is_int() && extent->is_int() && extent->int_value > 0) index_ranges_.SetLoop(&var, min->int_value, extent->int_value);
}

// An index that cannot leave [0, extent): its interval inside a constant extent, or the variable
// of an enclosing loop from 0 over that very extent (whose bounds read no buffer).
bool TirEmitter::IndexProven(const Ref<PrimExpr>& index, const Ref<PrimExpr>& extent) const {
  if (extent->is_int()) {
    auto r = index_ranges_.RangeOf(*index);
    if (r && r->lo >= 0 && r->hi < extent->int_value) return true;
  }
  auto loop = loop_ranges_.find(index.get());
  return loop != loop_ranges_.end() && loop->second->min->is_int() && loop->second->min->int_value == 0 &&
         loop->second->var->dtype == index->dtype && SameTerm(loop->second->extent, extent);
}

// A T.vectorized loop's latch asks LLVM's loop vectorizer for vectors of the loop's width (its
// constant extent, else the target's choice): a request, which LLVM honours where the loop's
// checks allow, leaving the serial loop otherwise (tir.for.kind: the same meaning either way).
void TirEmitter::MarkVectorized(llvm::BranchInst* latch, const tir::For& loop) {
  std::vector<llvm::Metadata*> ops = {nullptr};
  ops.push_back(llvm::MDNode::get(ctx_, {llvm::MDString::get(ctx_, "llvm.loop.vectorize.enable"),
                                         llvm::ConstantAsMetadata::get(b_.getTrue())}));
  if (loop.extent->is_int() && loop.extent->int_value > 1 && loop.extent->int_value <= 64) {
    ops.push_back(llvm::MDNode::get(ctx_, {llvm::MDString::get(ctx_, "llvm.loop.vectorize.width"),
                                           llvm::ConstantAsMetadata::get(b_.getInt32(static_cast<uint32_t>(loop.extent->int_value)))}));
  }
  llvm::MDNode* id = llvm::MDNode::getDistinct(ctx_, ops);
  id->replaceOperandWith(0, id);
  latch->setMetadata(llvm::LLVMContext::MD_loop, id);
}

// A vector store writes its lanes in order, each as a scalar store (tir.eval.vector).
void TirEmitter::EmitStore(const tir::BufferStore& s) {
  if (s.value->dtype != s.buffer->dtype) throw Unsupported{"a store of another dtype (ill-formed TIR)"};
  int lanes = s.value->lanes;
  for (const auto& i : s.indices) lanes = std::max(lanes, i->lanes);
  for (int lane = 0; lane < lanes; ++lane) {
    AtLane(lane, [&] {
      EmitStoreLane(s);
      return nullptr;
    });
  }
}

void TirEmitter::EmitStoreLane(const tir::BufferStore& s) {
  llvm::Value* v = EmitExpr(*s.value);  // the value first, then the indices (tir.eval.stmt)
  llvm::Value* p = ElementPointer(*s.buffer, s.indices, "store to");
  const DataType t = s.buffer->dtype;
  if (t == DataType::kBool) v = b_.CreateZExt(v, b_.getInt8Ty());
  if (t == DataType::kFloat16 || t == DataType::kBFloat16) {
    v = Narrow16(t, v);
  } else if (IsNarrowFloat(t)) {
    llvm::FunctionCallee f = module_.getOrInsertFunction("rlx_kernel_narrow_to_bits", b_.getInt64Ty(),
                                                         b_.getInt32Ty(), b_.getDoubleTy());
    v = b_.CreateTrunc(b_.CreateCall(f, {b_.getInt32(static_cast<int32_t>(t)), v}), MemoryTypeOf(t));
  }
  TagAccess(b_.CreateStore(v, p), *s.buffer);
}

void TirEmitter::EmitIf(const tir::IfThenElse& s) {
  llvm::Value* c = EmitExpr(*s.cond);
  if (s.cond->dtype != DataType::kBool) throw Unsupported{"an if condition that is not a bool (ill-formed TIR)"};
  llvm::BasicBlock* then_bb = llvm::BasicBlock::Create(ctx_, "if.then", fn_);
  llvm::BasicBlock* else_bb = llvm::BasicBlock::Create(ctx_, "if.else", fn_);
  llvm::BasicBlock* done = llvm::BasicBlock::Create(ctx_, "if.end", fn_);
  b_.CreateCondBr(c, then_bb, else_bb);
  b_.SetInsertPoint(then_bb);
  EmitStmt(*s.then_case);
  b_.CreateBr(done);
  b_.SetInsertPoint(else_bb);
  if (s.else_case) EmitStmt(*s.else_case);
  b_.CreateBr(done);
  b_.SetInsertPoint(done);
}

void TirEmitter::EmitAssert(const tir::AssertStmt& s) {
  llvm::Value* c = EmitExpr(*s.cond);
  if (s.cond->dtype != DataType::kBool) throw Unsupported{"an assert condition that is not a bool (ill-formed TIR)"};
  TrapCode(b_.CreateNot(c), tir::AssertTrapCode(s.message), s.message);
}

// Zero-filled allocations through the call's allocator (tir.block.alloc), but for scratch
// buffers; each buffer's layout is its declared one (strides row-major unless declared).
void TirEmitter::EmitAllocations(const std::vector<Ref<tir::Buffer>>& buffers, std::vector<llvm::Value*>* datas) {
  for (const auto& buf : buffers) {
    if (tir::ScratchBytes(*buf) >= 0) {
      EmitScratch(*buf);
      continue;
    }
    BufferInfo info;
    info.dtype = buf->dtype;
    info.name = buf->name;
    MemoryTypeOf(buf->dtype);
    const size_t rank = buf->ndim();
    if (!buf->strides.empty() && buf->strides.size() != rank) throw Unsupported{"buffer strides of another rank (ill-formed TIR)"};
    for (const auto& e : buf->shape) info.shape.push_back(IntegerOperand(*e, "a buffer extent"));
    std::vector<llvm::Value*> strides;
    for (const auto& e : buf->strides) strides.push_back(IntegerOperand(*e, "a buffer stride"));
    info.offset = buf->elem_offset ? IntegerOperand(*buf->elem_offset, "a buffer offset") : I64(0);
    llvm::IRBuilder<> entry(&fn_->getEntryBlock(), fn_->getEntryBlock().begin());
    llvm::Value* shape_array = entry.CreateAlloca(b_.getInt64Ty(), I64(static_cast<int64_t>(std::max<size_t>(rank, 1))));
    for (size_t a = 0; a < rank; ++a) b_.CreateStore(info.shape[a], b_.CreateConstGEP1_64(b_.getInt64Ty(), shape_array, a));
    llvm::Value* strides_array = llvm::ConstantPointerNull::get(b_.getPtrTy());
    if (!strides.empty()) {
      strides_array = entry.CreateAlloca(b_.getInt64Ty(), I64(static_cast<int64_t>(rank)));
      for (size_t a = 0; a < rank; ++a) b_.CreateStore(strides[a], b_.CreateConstGEP1_64(b_.getInt64Ty(), strides_array, a));
    }
    info.fresh = true;
    info.data = b_.CreateCall(Helper("rlx_kernel_alloc"),
                              {call_, b_.getInt32(static_cast<int32_t>(buf->dtype)), I64(static_cast<int64_t>(rank)),
                               shape_array, strides_array, info.offset, CString(buf->name)});
    TrapIf(b_.CreateIsNull(info.data), "", {});
    if (strides.empty()) strides = RowMajorStrides(info.shape);
    info.strides = std::move(strides);
    datas->push_back(info.data);
    DefineBuffer(*buf, std::move(info));
  }
}

// A scratch buffer (tir.eval.alloc.scratch) is stack memory of the function, zero-filled where
// the block allocates it: LLVM keeps a tile of accumulators in registers.
void TirEmitter::EmitScratch(const tir::Buffer& buf) {
  BufferInfo info;
  info.dtype = buf.dtype;
  info.name = buf.name;
  int64_t elements = 1;
  for (const auto& e : buf.shape) {
    info.shape.push_back(I64(e->int_value));
    elements *= e->int_value;
  }
  llvm::Type* t = MemoryTypeOf(buf.dtype);
  llvm::IRBuilder<> entry(&fn_->getEntryBlock(), fn_->getEntryBlock().begin());
  llvm::AllocaInst* data = entry.CreateAlloca(llvm::ArrayType::get(t, static_cast<uint64_t>(elements)), nullptr, buf.name);
  b_.CreateMemSet(data, b_.getInt8(0), tir::ScratchBytes(buf), data->getAlign());
  info.data = data;
  info.fresh = true;
  info.strides = RowMajorStrides(info.shape);
  info.offset = I64(0);
  DefineBuffer(buf, std::move(info));
}

void TirEmitter::EmitReleases(const std::vector<llvm::Value*>& datas) {
  for (llvm::Value* d : datas) b_.CreateCall(Helper("rlx_kernel_release"), {call_, d});
}

// True when `value` is the variable of an enclosing loop whose range is `dom`, written the same
// way: the value is inside the domain on every iteration (and the domain is not empty).
bool TirEmitter::LoopCoversDomain(const PrimExpr& value, const tir::Range& dom) const {
  auto loop = loop_ranges_.find(&value);
  // The same terms (variables by identity: StructuralEqual would match n with m).
  return loop != loop_ranges_.end() && SameTerm(loop->second->min, dom.min) && SameTerm(loop->second->extent, dom.extent);
}

// Block iteration variables take their values, each checked against its domain (tir.eval.block)
// unless an enclosing loop already bounds it so.
void TirEmitter::EmitBlockIters(const tir::Block& blk) {
  if (blk.iter_values.size() != blk.iter_vars.size()) throw Unsupported{"a block with unbound iteration variables (ill-formed TIR)"};
  for (size_t i = 0; i < blk.iter_vars.size(); ++i) {
    const tir::IterVar& iv = blk.iter_vars[i];
    if (!IsInteger(iv.var->dtype)) throw Unsupported{"a block variable that is not an integer (ill-formed TIR)"};
    llvm::Value* v = IntegerOperand(*blk.iter_values[i], "a block iteration value");
    DefineVar(*iv.var);
    SetVar(*iv.var, b_.CreateTrunc(v, TypeOf(iv.var->dtype)));
    KnowRange(*iv.var, iv.dom.min, iv.dom.extent);  // past its check, the variable is in its domain
    if (LoopCoversDomain(*blk.iter_values[i], iv.dom)) continue;
    llvm::Value* lo = IntegerOperand(*iv.dom.min, "a block domain's start");
    llvm::Value* n = IntegerOperand(*iv.dom.extent, "a block domain's extent");
    llvm::Value* inside = b_.CreateAnd(b_.CreateICmpSGE(v, lo), b_.CreateICmpULT(b_.CreateSub(v, lo), n));
    inside = b_.CreateAnd(inside, b_.CreateICmpSGT(n, I64(0)));
    TrapIf(b_.CreateNot(inside), "rlx_kernel_trap_domain",
           {CString("block '" + blk.name + "': iteration variable '" + iv.var->name + "'"), v, lo, n});
  }
}

// T.init runs when every reduce variable is at its domain's start.
void TirEmitter::EmitInitOnFirstReduceIteration(const tir::Block& blk) {
  llvm::Value* first = b_.getTrue();
  for (const tir::IterVar& iv : blk.iter_vars) {
    if (iv.kind != tir::IterKind::kReduce) continue;
    llvm::Value* lo = IntegerOperand(*iv.dom.min, "a block domain's start");
    first = b_.CreateAnd(first, b_.CreateICmpEQ(ToI64(GetVar(*iv.var), iv.var->dtype), lo));
  }
  llvm::BasicBlock* init = llvm::BasicBlock::Create(ctx_, "block.init", fn_);
  llvm::BasicBlock* done = llvm::BasicBlock::Create(ctx_, "block.body", fn_);
  b_.CreateCondBr(first, init, done);
  b_.SetInsertPoint(init);
  EmitStmt(*blk.init);
  b_.CreateBr(done);
  b_.SetInsertPoint(done);
}

void TirEmitter::EmitBlock(const tir::Block& blk) {
  EmitBlockIters(blk);
  llvm::BasicBlock* end = llvm::BasicBlock::Create(ctx_, "block.end", fn_);
  if (blk.predicate) {
    llvm::Value* p = EmitExpr(*blk.predicate);
    if (blk.predicate->dtype != DataType::kBool) throw Unsupported{"a block predicate that is not a bool (ill-formed TIR)"};
    llvm::BasicBlock* run = llvm::BasicBlock::Create(ctx_, "block.run", fn_);
    b_.CreateCondBr(p, run, end);
    b_.SetInsertPoint(run);
  }
  std::vector<llvm::Value*> datas;
  EmitAllocations(blk.alloc_buffers, &datas);
  if (blk.init) EmitInitOnFirstReduceIteration(blk);
  EmitStmt(*blk.body);
  EmitReleases(datas);
  b_.CreateBr(end);
  b_.SetInsertPoint(end);
  for (const auto& buf : blk.alloc_buffers) buffers_.erase(buf.get());
  for (const auto& iv : blk.iter_vars) UndefineVar(*iv.var);
}

void TirEmitter::EmitStmt(const tir::Stmt& s) {
  switch (s.kind) {
    case tir::StmtKind::kSeq:
      for (const auto& c : static_cast<const tir::SeqStmt&>(s).seq) EmitStmt(*c);
      return;
    case tir::StmtKind::kFor: return EmitFor(static_cast<const tir::For&>(s));
    case tir::StmtKind::kBufferStore: return EmitStore(static_cast<const tir::BufferStore&>(s));
    case tir::StmtKind::kLetStmt: {
      const auto& let = static_cast<const tir::LetStmt&>(s);
      if (let.value->dtype != let.var->dtype) throw Unsupported{"a let of another dtype (ill-formed TIR)"};
      llvm::Value* v = EmitExpr(*let.value);
      DefineVar(*let.var);
      SetVar(*let.var, v);
      if (auto r = index_ranges_.RangeOf(*let.value); r && IsInteger(let.var->dtype)) index_ranges_.Set(let.var.get(), *r);
      EmitStmt(*let.body);
      UndefineVar(*let.var);
      return;
    }
    case tir::StmtKind::kIfThenElse: return EmitIf(static_cast<const tir::IfThenElse&>(s));
    case tir::StmtKind::kEvaluate: {
      // Every lane is evaluated for its traps; the values are dropped.
      const PrimExpr& e = *static_cast<const tir::Evaluate&>(s).value;
      for (int lane = 0; lane < e.lanes; ++lane) AtLane(lane, [&] { return EmitExpr(e); });
      return;
    }
    case tir::StmtKind::kAssert: return EmitAssert(static_cast<const tir::AssertStmt&>(s));
    case tir::StmtKind::kDeclBuffer: {
      const auto& d = static_cast<const tir::DeclBuffer&>(s);
      std::vector<llvm::Value*> datas;
      EmitAllocations({d.buffer}, &datas);
      EmitStmt(*d.body);
      EmitReleases(datas);
      buffers_.erase(d.buffer.get());
      return;
    }
    case tir::StmtKind::kBlock: return EmitBlock(static_cast<const tir::Block&>(s));
  }
}

}  // namespace rlx::compiler::codegen
